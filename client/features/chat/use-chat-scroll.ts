import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { ChatMessage } from '@common/contracts/chat';

// Within this distance of the end the member counts as reading the newest messages.
const STICK_PX = 48;
// Within this distance of the start, the page before is loaded.
const LOAD_OLDER_PX = 80;

/**
 * The message list's scrolling: it follows new messages while the member is at the end; scrolled up to
 * read, it stays put and reports `hasUnseen` (for the 'New messages' button). Older messages added at the
 * start keep the same messages in view. Reaching the start calls `onReachStart`. `viewportRef` is the
 * list's scrolling element (the room's, which its other hooks read too).
 */
export function useChatScroll(
  messages: readonly ChatMessage[],
  onReachStart: () => void,
  viewportRef: RefObject<HTMLDivElement | null>,
) {
  const contentRef = useRef<HTMLOListElement>(null);
  const stuck = useRef(true);
  const [hasUnseen, setHasUnseen] = useState(false);
  const last = useRef<{ first?: number; newest?: number; scrollHeight: number; scrollTop: number }>({
    scrollHeight: 0,
    scrollTop: 0,
  });
  const onReachStartRef = useRef(onReachStart);
  useLayoutEffect(() => {
    onReachStartRef.current = onReachStart;
  });

  const remember = useCallback((el: HTMLElement) => {
    last.current.scrollHeight = el.scrollHeight;
    last.current.scrollTop = el.scrollTop;
  }, []);

  useLayoutEffect(() => {
    const el = viewportRef.current;
    if (!el) return;
    const first = messages[0]?.id;
    const newest = messages.at(-1)?.id;
    const before = last.current;
    if (before.first !== undefined && first !== undefined && first < before.first) {
      // A page of older messages went in above: move down by what was added.
      el.scrollTop = before.scrollTop + (el.scrollHeight - before.scrollHeight);
    }
    if (newest !== before.newest) {
      if (stuck.current) el.scrollTop = el.scrollHeight;
      else if (before.newest !== undefined && newest !== undefined) setHasUnseen(true);
    }
    last.current = { first, newest, scrollHeight: 0, scrollTop: 0 };
    remember(el);
  }, [messages, remember, viewportRef]);

  // Pictures and players that change size keep the end in view while following.
  useEffect(() => {
    const el = viewportRef.current;
    const content = contentRef.current;
    if (!el || !content || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (stuck.current) el.scrollTop = el.scrollHeight;
      remember(el);
    });
    observer.observe(content);
    observer.observe(el);
    return () => observer.disconnect();
  }, [remember, viewportRef]);

  const onScroll = useCallback(() => {
    const el = viewportRef.current;
    if (!el) return;
    stuck.current = el.scrollHeight - el.scrollTop - el.clientHeight <= STICK_PX;
    if (stuck.current) setHasUnseen(false);
    remember(el);
    if (el.scrollTop <= LOAD_OLDER_PX && el.scrollHeight > el.clientHeight) onReachStartRef.current();
  }, [remember, viewportRef]);

  /** Jumps to the newest message and follows again (the 'New messages' button, an own message). */
  const scrollToEnd = useCallback(() => {
    stuck.current = true;
    setHasUnseen(false);
    const el = viewportRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [viewportRef]);

  return { viewportRef, contentRef, onScroll, hasUnseen, scrollToEnd };
}
