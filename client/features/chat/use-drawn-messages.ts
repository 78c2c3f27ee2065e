import { startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import type { ChatMessage } from '@common/contracts/chat';
import { whenIdle } from '../../lib/when-idle';

/** The newest messages drawn as the room opens: more than its 400 px show on any screen. */
export const FIRST_DRAWN = 12;
/**
 * How many older messages held each later step draws: each step is a React commit and a frame's layout,
 * and 4 keep both under 50 ms at a phone's speed, below what counts as blocking (decision 85; 8 made
 * each 70-100 ms).
 */
export const DRAWN_STEP = 4;

/**
 * Where the drawn list starts: the oldest message id drawn, null for all of them. Before the member's
 * first step (`from` undefined) it is the FIRST_DRAWN-th newest. A message that must be on the page (the
 * unread divider's, a notification's target) is always drawn, and so is everything after it.
 */
export function drawnFrom(
  messages: readonly ChatMessage[] | undefined,
  from: number | null | undefined,
  keep: readonly (number | null | undefined)[],
): number | null {
  if (!messages) return null;
  let start =
    from !== undefined ? from : messages.length > FIRST_DRAWN ? messages.at(-FIRST_DRAWN)!.id : null;
  for (const id of keep) if (start !== null && id !== null && id !== undefined && id < start) start = id;
  // Nothing held is older: all are drawn.
  if (start !== null && (messages[0] === undefined || messages[0].id >= start)) start = null;
  return start;
}

/** The start of the next step: DRAWN_STEP older messages than `start`, or null for the rest. */
export function nextDrawnFrom(messages: readonly ChatMessage[], start: number): number | null {
  const index = messages.findIndex((m) => m.id >= start);
  return index - DRAWN_STEP > 0 ? messages[index - DRAWN_STEP]!.id : null;
}

/**
 * The messages the room's list draws (docs/decisions.md decision 73). A room holds up to 100 messages,
 * and drawing them all as it opens took one task of a second and more at a phone's speed, the page
 * frozen and its pictures requested only after it. The newest FIRST_DRAWN are drawn first; the older
 * ones held follow DRAWN_STEP at a time while the page is idle, each step a transition React may
 * interrupt (the list keeps the same messages in view as they go in above, as for an older page).
 * `drawAll` draws the rest at once (the member reached the top before the steps did).
 */
export function useDrawnMessages(
  messages: readonly ChatMessage[] | undefined,
  keep: readonly (number | null | undefined)[],
) {
  const [from, setFrom] = useState<number | null | undefined>(undefined);
  const start = drawnFrom(messages, from, keep);
  const drawn = useMemo(
    () => (messages && start !== null ? messages.filter((m) => m.id >= start) : messages),
    [messages, start],
  );

  useEffect(() => {
    if (!messages || start === null) {
      if (messages && from !== null) setFrom(null);
      return;
    }
    return whenIdle(() => startTransition(() => setFrom(nextDrawnFrom(messages, start))), 500);
  }, [messages, start, from]);

  const drawAll = useCallback(() => setFrom(null), []);
  return { drawn, allDrawn: start === null, drawAll };
}
