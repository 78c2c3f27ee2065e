import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { ChatMessage } from '@common/contracts/chat';

// Within this distance of the end the member counts as reading the newest messages.
const STICK_PX = 48;
// Within this distance of the start, the page before is loaded (or more of the messages held drawn).
const LOAD_OLDER_PX = 80;

/**
 * The message list's scrolling: it follows new messages while the member is at the end; scrolled up to
 * read, it stays put and reports `hasUnseen` (for the 'New messages' button). Older messages added at the
 * start keep the same messages in view. Reaching the start, or scrolling up within a view of it, calls
 * `onReachStart`. `viewportRef` is the list's scrolling element (the room's, which its other hooks read
 * too).
 */
export function useChatScroll(
  messages: readonly ChatMessage[],
  onReachStart: () => void,
  viewportRef: RefObject<HTMLDivElement | null>,
  /** Given `settle`, for the room's other hooks that read the list's position in their own frames. */
  settleRef?: RefObject<(() => void) | null>,
) {
  const contentRef = useRef<HTMLOListElement>(null);
  const stuck = useRef(true);
  const [hasUnseen, setHasUnseen] = useState(false);
  const last = useRef<{ first?: number; newest?: number; scrollHeight: number; scrollTop: number }>({
    scrollHeight: 0,
    scrollTop: 0,
  });
  /**
   * While the member reads further up: the message at the top of the view, and how far below the view's
   * top it was at the last scroll (see the ResizeObserver below).
   */
  const anchor = useRef<{ row: Element; top: number } | null>(null);
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
  useLayoutEffect(() => {
    if (settleRef) settleRef.current = settle;
  }, [settle, settleRef]);

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

  // Pictures and players that change size keep the end in view while following. Further up, the
  // message read stays where it was when one above the view takes its real height (a picture loaded).
  // This runs after the frame's layout and before its paint (the browser's own scroll anchoring is off
  // in the list: this hook moves it).
  useEffect(() => {
    const el = viewportRef.current;
    const content = contentRef.current;
    if (!el || !content || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      settle();
      if (stuck.current) el.scrollTop = el.scrollHeight;
      else {
        const a = anchor.current;
        if (a && a.row.isConnected) {
          const moved = a.row.getBoundingClientRect().top - el.getBoundingClientRect().top - a.top;
          if (Math.abs(moved) >= 1) el.scrollTop += moved;
        }
      }
      remember(el);
    });
    observer.observe(content);
    observer.observe(el);
    return () => observer.disconnect();
  }, [remember, settle, viewportRef]);

  const onScroll = useCallback(() => {
    const el = viewportRef.current;
    if (!el) return;
    const previousTop = last.current.scrollTop;
    // A scroll before the frame that settles the last commit: settle it first, from where it was.
    settle();
    stuck.current = el.scrollHeight - el.scrollTop - el.clientHeight <= STICK_PX;
    if (stuck.current) setHasUnseen(false);
    anchor.current = stuck.current
      ? null
      : (focusedRow(el, contentRef.current) ?? topRow(el, contentRef.current));
    remember(el);
    // At the start, or scrolling up within a view of it (what comes next is there before it is
    // reached; a scroll down, or the list's own to its end, asks for nothing).
    const up = el.scrollTop < previousTop;
    if (
      el.scrollHeight > el.clientHeight &&
      (el.scrollTop <= LOAD_OLDER_PX || (up && el.scrollTop <= el.clientHeight))
    )
      onReachStartRef.current();
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

/**
 * The row holding the focus, when it is in view (a notification's target, a message the keyboard is
 * on), with its distance from the view's top: that one stays put while rows around it take their real
 * heights, rather than the row at the top of the view.
 */
function focusedRow(el: HTMLElement, list: HTMLElement | null): { row: Element; top: number } | null {
  let row = document.activeElement;
  if (!list || !row || !list.contains(row)) return null;
  while (row.parentElement && row.parentElement !== list) row = row.parentElement;
  if (row.parentElement !== list) return null;
  const view = el.getBoundingClientRect();
  const box = row.getBoundingClientRect();
  if (box.bottom <= view.top || box.top >= view.bottom) return null;
  return { row, top: box.top - view.top };
}

/**
 * The list's first row whose bottom is below the view's top (the message read at the top of the view),
 * with its distance from the view's top; found by halving (the rows are in order, top to bottom).
 */
function topRow(el: HTMLElement, list: HTMLElement | null): { row: Element; top: number } | null {
  const rows = list?.children;
  if (!rows || rows.length === 0) return null;
  const viewTop = el.getBoundingClientRect().top;
  let lo = 0;
  let hi = rows.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid]!.getBoundingClientRect().bottom > viewTop) hi = mid;
    else lo = mid + 1;
  }
  const row = rows[lo]!;
  return { row, top: row.getBoundingClientRect().top - viewTop };
}
