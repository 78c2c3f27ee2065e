/**
 * Runs `task` once the browser is idle, within `timeout` ms at most (a quarter of it where the browser
 * has no requestIdleCallback); returns how to cancel it.
 */
export function whenIdle(task: () => void, timeout = 1000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, timeout / 4);
  return () => clearTimeout(id);
}
