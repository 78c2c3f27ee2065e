import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type RefObject } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ChatMessage } from '@common/contracts/chat';
import { MESSAGE_PARAM, messageTargetFromSearch } from '@common/notification-links';
import { highlightMessage } from '../../lib/highlight-message';
import { toast } from '../../lib/toast';
import { loadRoomUntil } from './use-chat-unread';

/** How many frames a loaded message may take to be drawn before it counts as gone (about a second). */
const HIGHLIGHT_FRAMES = 60;

/**
 * The chat message an address names (`/?message=123`, a notification's link, decision 59): once the room
 * has loaded, older pages are loaded until it holds it; then it is scrolled into view, highlighted and
 * focused, and the parameter leaves the address (so the same link works again). A message that is gone
 * says so.
 */
export function useChatTarget(
  viewportRef: RefObject<HTMLDivElement | null>,
  messages: readonly ChatMessage[] | undefined,
) {
  const client = useQueryClient();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const target = messageTargetFromSearch(search)?.messageId ?? null;
  const loaded = messages !== undefined;
  const working = useRef<number | null>(null);

  useEffect(() => {
    if (target === null || !loaded || working.current === target) return;
    working.current = target;
    let cancelled = false;
    void loadRoomUntil(client, target).then((held) => {
      if (cancelled) return;
      // Drawn once React has put the older pages in: frame after frame, for a second at most (a busy
      // page may take more than one frame to render them).
      let frames = 0;
      const attempt = () => {
        if (cancelled) return;
        const shown = held && highlightMessage(viewportRef.current, target);
        if (!shown && held && ++frames < HIGHLIGHT_FRAMES) {
          requestAnimationFrame(attempt);
          return;
        }
        working.current = null;
        if (!shown) toast({ title: 'That message is no longer in the chat' });
        const query = new URLSearchParams(window.location.search);
        query.delete(MESSAGE_PARAM);
        const rest = query.toString();
        navigate(`${location}${rest ? `?${rest}` : ''}`, { replace: true });
      };
      requestAnimationFrame(attempt);
    });
    return () => {
      cancelled = true;
      working.current = null;
    };
  }, [target, loaded, client, navigate, location, viewportRef]);
}
