import { useEffect, useRef, useState, type RefObject } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { DiscussionMessage } from '@common/contracts/lessons';
import { MESSAGE_PARAM, VIDEO_TIME_PARAM, messageTargetFromSearch } from '@common/notification-links';
import { highlightMessage } from '../../lib/highlight-message';
import { toast } from '../../lib/toast';
import type { VideoClock } from '../../lib/video-clock';

/**
 * The discussion message an address names (`?message=45&t=12.5`, a notification's link, decision 59):
 * once the thread has loaded it is scrolled into view, highlighted and focused, and the lesson video is
 * put at its time (once the video is there); then the parameters leave the address.
 */
export function useDiscussionTarget(
  viewportRef: RefObject<HTMLDivElement | null>,
  messages: readonly DiscussionMessage[] | undefined,
  clock: VideoClock | null,
) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const target = messageTargetFromSearch(search);
  const messageId = target?.messageId ?? null;
  const loaded = messages !== undefined;
  const done = useRef<number | null>(null);
  const [seekTo, setSeekTo] = useState<number | null>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  useEffect(() => {
    if (messageId === null || !loaded || done.current === messageId) return;
    done.current = messageId;
    const held = messages?.find((m) => m.id === messageId);
    const seconds = target?.videoSeconds ?? held?.videoSeconds ?? null;
    // Not cancelled when the thread changes meanwhile (a live message): this runs once per target.
    requestAnimationFrame(() => {
      if (!alive.current) return;
      if (!held || !highlightMessage(viewportRef.current, messageId)) {
        toast({ title: 'That message is no longer in this discussion' });
      }
      const query = new URLSearchParams(window.location.search);
      query.delete(MESSAGE_PARAM);
      query.delete(VIDEO_TIME_PARAM);
      const rest = query.toString();
      navigate(`${location}${rest ? `?${rest}` : ''}`, { replace: true });
    });
    // The video's time, once the video is there: kept beyond this effect, which the address's change ends.
    if (seconds !== null && held) setSeekTo(seconds);
  }, [messageId, loaded, messages, target?.videoSeconds, viewportRef, navigate, location]);
  useEffect(() => {
    if (seekTo === null || !clock) return;
    if (clock.seek(seekTo)) {
      setSeekTo(null);
      return;
    }
    const unsubscribe = clock.subscribe(() => {
      if (!clock.seek(seekTo)) return;
      unsubscribe();
      setSeekTo(null);
    });
    return () => void unsubscribe();
  }, [seekTo, clock]);
  useEffect(() => {
    if (messageId === null) done.current = null;
  }, [messageId]);
}
