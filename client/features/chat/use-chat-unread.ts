import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { ChatMessage } from '@common/contracts/chat';
import type { ChatReadPosition } from '@common/contracts/chat-reads';
import { CHAT_UNREAD_MAX } from '@common/contracts/chat-reads-values';
import { putChatRead, useChatReadPosition } from './api/chat-read';
import { communityMessagesQueryOptions, loadOlderMessages } from './api/get-community-messages';
import type { ChatRoom } from './chat-messages';

// Within this distance of the end the member has read the newest message.
const END_PX = 48;
// The read position is sent once the member has stayed at the end this long.
const REPORT_DELAY_MS = 800;
// At most this many older pages are loaded to reach a message (100 each).
const MAX_PAGES = 30;

/** The divider's text: '1 new message', '12 new messages', '999+ new messages'. */
export function newMessagesLabel(unread: number): string {
  if (unread > CHAT_UNREAD_MAX) return `${CHAT_UNREAD_MAX}+ new messages`;
  return `${unread} new ${unread === 1 ? 'message' : 'messages'}`;
}

/**
 * Loads older pages into the room until it holds the message `id` (or the room's start, or MAX_PAGES):
 * whether it is held then.
 */
export async function loadRoomUntil(client: QueryClient, id: number): Promise<boolean> {
  const key = communityMessagesQueryOptions().queryKey;
  for (let page = 0; ; page++) {
    const room = client.getQueryData<ChatRoom>(key);
    if (!room) return false;
    if (room.messages.some((m) => m.id === id)) return true;
    const oldest = room.messages[0]?.id;
    if (oldest === undefined || oldest < id || !room.hasOlder || page >= MAX_PAGES) return false;
    await loadOlderMessages(client);
  }
}

/** Scrolls the divider to the top of the list and focuses it (keyboard and screen reader users). */
function showDivider(viewport: HTMLElement | null, divider: HTMLElement) {
  divider.scrollIntoView({ block: 'start', behavior: 'instant' });
  // The list learns now that the member left its end (see highlightMessage).
  viewport?.dispatchEvent(new Event('scroll'));
  divider.focus({ preventScroll: true });
}

/** Where the divider goes: the first held message from `opening.firstUnreadId` on that is not mine. */
export function dividerIdOf(
  opening: ChatReadPosition | null,
  messages: readonly ChatMessage[] | undefined,
  username: string,
  hasOlder: boolean,
): number | null {
  const first = opening?.firstUnreadId ?? null;
  if (first === null || !messages || messages.length === 0) return null;
  // Not held yet (older than the page held): the divider shows once it is loaded.
  if (hasOlder && messages[0]!.id > first) return null;
  return messages.find((m) => m.id >= first && m.user.username !== username)?.id ?? null;
}

/**
 * Unread in the chat (issue 32 part 3, decision 59). As the chat opens, where the member stopped reading
 * is read from the server: a "N new messages" divider goes above the first unread message, and "Jump to
 * first unread" shows while that is above what the list shows (until the member has seen it). Reading to
 * the end (the list at its end, on screen, the tab visible) sends the newest message id as the new
 * position, debounced, so the next opening shows only what came after.
 */
export function useChatUnread({
  viewportRef,
  messages,
  username,
  hasOlder,
  settleScroll,
}: {
  viewportRef: RefObject<HTMLDivElement | null>;
  messages: readonly ChatMessage[] | undefined;
  username: string;
  hasOlder: boolean;
  /**
   * Moves the list where its last commits put it (useChatScroll's `settle`), before the divider's
   * place is read: its frame may come after this hook's.
   */
  settleScroll?: RefObject<(() => void) | null>;
}) {
  const client = useQueryClient();
  const position = useChatReadPosition();
  // The position as the chat opened: what the divider and its count show while it stays open.
  const [opening, setOpening] = useState<ChatReadPosition | null>(null);
  useEffect(() => {
    if (opening === null && position.data) setOpening(position.data);
  }, [opening, position.data]);

  const dividerId = dividerIdOf(opening, messages, username, hasOlder);
  const unread = opening?.unread ?? 0;
  const [seen, setSeen] = useState(false);
  const [above, setAbove] = useState(false);
  const pendingJump = useRef(false);

  // Whether the divider (or the first unread message, not loaded yet) is above the list's view.
  const check = useCallback(() => {
    const el = viewportRef.current;
    if (!el || unread === 0) return;
    // Read where the list is going, not where it was: the divider that came in with the room's
    // messages is at the top of the view until the list moves to its end (or keeps its place), and
    // counting it as seen there hid 'Jump to first unread' for good.
    settleScroll?.current?.();
    const divider = el.querySelector<HTMLElement>('[data-unread-divider]');
    if (!divider) {
      setAbove(hasOlder);
      return;
    }
    const top = divider.getBoundingClientRect().top - el.getBoundingClientRect().top;
    if (top >= 0 && top < el.clientHeight) setSeen(true);
    setAbove(top < 0);
  }, [viewportRef, unread, hasOlder, settleScroll]);

  // The read position: sent when the member is at the end of the list and can see it.
  const sent = useRef(0);
  const timer = useRef<number | undefined>(undefined);
  const newest = messages?.at(-1)?.id;
  const report = useCallback(() => {
    const el = viewportRef.current;
    if (!el || opening === null || newest === undefined || newest <= sent.current) return;
    const atEnd = el.scrollHeight - el.scrollTop - el.clientHeight <= END_PX;
    const box = el.getBoundingClientRect();
    const onScreen = box.bottom > 0 && box.top < window.innerHeight;
    if (!atEnd || !onScreen || document.visibilityState !== 'visible') return;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      if (newest <= sent.current) return;
      sent.current = newest;
      putChatRead(newest).catch(() => {
        sent.current = 0; // tried again at the next scroll or message
      });
    }, REPORT_DELAY_MS);
  }, [viewportRef, opening, newest]);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    if (opening) sent.current = Math.max(sent.current, opening.lastReadId ?? 0);
  }, [opening]);

  useLayoutEffect(() => {
    // In the next frame, before it is painted: read here, the list's position would make the browser
    // lay the page out inside React's commit (docs/decisions.md decision 77).
    const frame = requestAnimationFrame(() => {
      check();
      report();
    });
    if (pendingJump.current && dividerId !== null) {
      const divider = viewportRef.current?.querySelector<HTMLElement>('[data-unread-divider]');
      if (divider) {
        pendingJump.current = false;
        showDivider(viewportRef.current, divider);
      }
    }
    return () => cancelAnimationFrame(frame);
  }, [messages, dividerId, check, report, viewportRef]);

  useEffect(() => {
    const again = () => report();
    document.addEventListener('visibilitychange', again);
    window.addEventListener('scroll', again, { passive: true });
    return () => {
      document.removeEventListener('visibilitychange', again);
      window.removeEventListener('scroll', again);
    };
  }, [report]);

  const onScroll = useCallback(() => {
    check();
    report();
  }, [check, report]);

  /** Brings the first unread message into view (loading older pages until the room holds it). */
  const jump = useCallback(() => {
    const first = opening?.firstUnreadId;
    if (first == null) return;
    setSeen(true);
    pendingJump.current = true;
    void loadRoomUntil(client, first).then(() => {
      // Already drawn: the layout effect above will not run again for it.
      const divider = viewportRef.current?.querySelector<HTMLElement>('[data-unread-divider]');
      if (pendingJump.current && divider) {
        pendingJump.current = false;
        showDivider(viewportRef.current, divider);
      }
    });
  }, [client, opening, viewportRef]);

  return {
    dividerId,
    dividerLabel: newMessagesLabel(unread),
    showJump: unread > 0 && above && !seen,
    jump,
    onScroll,
  };
}
