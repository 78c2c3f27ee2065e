import { useCallback, useLayoutEffect, useRef } from 'react';

// Within this distance of the end the member counts as reading the newest messages.
const STICK_PX = 48;

/**
 * Keeps a message list scrolled to its end when a new last message arrives, as long as the member has
 * not scrolled up to read; `scrollToEnd` jumps there and follows again (after sending one's own).
 */
export function useFollowEnd(lastKey: unknown) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const stuck = useRef(true);

  useLayoutEffect(() => {
    const el = viewportRef.current;
    if (el && stuck.current) el.scrollTop = el.scrollHeight;
  }, [lastKey]);

  const onScroll = useCallback(() => {
    const el = viewportRef.current;
    if (el) stuck.current = el.scrollHeight - el.scrollTop - el.clientHeight <= STICK_PX;
  }, []);

  const scrollToEnd = useCallback(() => {
    stuck.current = true;
    const el = viewportRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  return { viewportRef, onScroll, scrollToEnd };
}
