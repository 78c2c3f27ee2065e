/** Marks a message a notification led to while its highlight fades (index.css draws it). */
export const TARGET_ATTRIBUTE = 'data-target-message';
const HIGHLIGHT_MS = 4_000;

/**
 * Brings a message into view, in the middle of its list, highlights it (a glow that fades) and focuses
 * it for keyboard and screen reader users (decision 59). Returns false when it is not in `container`.
 */
export function highlightMessage(container: HTMLElement | null, messageId: number): boolean {
  const el = container?.querySelector<HTMLElement>(`[data-message-id="${messageId}"]`);
  if (!el) return false;
  // At once, not smoothly, so that the list's own scroll position is final right away.
  el.scrollIntoView({ block: 'center', behavior: 'instant' });
  if (!el.hasAttribute('tabindex')) el.tabIndex = -1;
  el.focus({ preventScroll: true });
  // Told now, not at the next frame's scroll event: a resize observer of this frame would otherwise
  // still think the member is at the end and scroll back there. Focused first, so that the list keeps
  // this message where it is while those around it take their real heights (decision 85).
  container?.dispatchEvent(new Event('scroll'));
  el.removeAttribute(TARGET_ATTRIBUTE);
  // Restarts the fade when the same message is asked for again.
  void el.offsetWidth;
  el.setAttribute(TARGET_ATTRIBUTE, '');
  window.setTimeout(() => el.removeAttribute(TARGET_ATTRIBUTE), HIGHLIGHT_MS);
  return true;
}
