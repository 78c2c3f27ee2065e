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

  /**
   * What the last commits changed and the scroll still has to follow: older messages went in above
   * (`older`, with the list's height and position before them), or a newer one at the end (`newer`).
   */
  const pending = useRef<{ older: boolean; newer: boolean; scrollHeight: number; scrollTop: number } | null>(
    null,
  );
  const frame = useRef(0);

  /** Moves the list as the commits since the last frame need (see below); reads the layout. */
  const settle = useCallback(() => {
    const el = viewportRef.current;
    const p = pending.current;
    if (!p) return;
    pending.current = null;
    cancelAnimationFrame(frame.current);
    if (!el) return;
    // Moved since the commit (a notification's target or the unread divider brought into view, the
    // member's own scroll): that position stands.
    if (el.scrollTop !== p.scrollTop) {
      remember(el);
      return;
    }
    // A page of older messages went in above: move down by what was added.
    if (p.older) el.scrollTop = p.scrollTop + (el.scrollHeight - p.scrollHeight);
    if (p.newer && stuck.current) el.scrollTop = el.scrollHeight;
    remember(el);
  }, [remember, viewportRef]);

  // While the member follows the end (the room as it opens, its later steps), the scroll follows a
  // commit's new messages in the next frame, before it is painted (a requestAnimationFrame callback, or
  // the ResizeObserver below if it comes first), not in the commit: reading the list's height here made
  // the browser lay the page out inside React's commit, a fifth of the room's first task and of each
  // later step's (docs/decisions.md decision 77). Nothing is painted in between: no jump to see.
  useLayoutEffect(() => {
    const first = messages[0]?.id;
    const newest = messages.at(-1)?.id;
    const before = last.current;
    const older = before.first !== undefined && first !== undefined && first < before.first;
    const newer = newest !== before.newest;
    if (newer && !stuck.current && before.newest !== undefined && newest !== undefined) setHasUnseen(true);
    last.current = { ...before, first, newest };
    if (!older && !newer) return;
    // The height and position before the first of these commits: `remember` has not run since.
    const p = pending.current ?? {
      older: false,
      newer: false,
      scrollHeight: before.scrollHeight,
      scrollTop: before.scrollTop,
    };
    pending.current = { ...p, older: p.older || older, newer: p.newer || newer };
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(settle);
    // A member reading further up: kept in place now, as exactly as before (nothing can see it move).
    if (!stuck.current) settle();
  }, [messages, settle]);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  // Pictures and players that change size keep the end in view while following.
  useEffect(() => {
    const el = viewportRef.current;
    const content = contentRef.current;
    if (!el || !content || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      settle();
      if (stuck.current) el.scrollTop = el.scrollHeight;
      remember(el);
    });
    observer.observe(content);
    observer.observe(el);
    return () => observer.disconnect();
  }, [remember, settle, viewportRef]);

  const onScroll = useCallback(() => {
    const el = viewportRef.current;
    if (!el) return;
    // A scroll before the frame that settles the last commit: settle it first, from where it was.
    settle();
    stuck.current = el.scrollHeight - el.scrollTop - el.clientHeight <= STICK_PX;
    if (stuck.current) setHasUnseen(false);
    remember(el);
    if (el.scrollTop <= LOAD_OLDER_PX && el.scrollHeight > el.clientHeight) onReachStartRef.current();
  }, [remember, settle, viewportRef]);

  /** Jumps to the newest message and follows again (the 'New messages' button, an own message). */
  const scrollToEnd = useCallback(() => {
    settle();
    stuck.current = true;
    setHasUnseen(false);
    const el = viewportRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [settle, viewportRef]);

  return { viewportRef, contentRef, onScroll, hasUnseen, scrollToEnd };
}
