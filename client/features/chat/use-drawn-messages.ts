import { useCallback, useMemo, useState } from 'react';
import type { ChatMessage } from '@common/contracts/chat';

/** The newest messages drawn as the room opens: more than its 400 px show on any screen. */
export const FIRST_DRAWN = 12;
/**
 * How many older messages held each later step draws: about a view of the room's 400 px, drawn as the
 * member scrolls within a view of the top (decision 90), so they are there before the top is reached.
 */
export const DRAWN_STEP = 8;

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
 * The messages the room's list draws (docs/decisions.md decisions 73 and 90). A room holds up to 100
 * messages, and drawing them all as it opens took one task of a second and more at a phone's speed.
 * The newest FIRST_DRAWN are drawn first; the older ones held come DRAWN_STEP at a time when the member
 * scrolls up towards them (`drawMore`, called by the list's scroll near its top), as a chat draws what
 * is read, not in the background: drawing them all while the page was idle was a step of 60–120 ms at
 * a phone's speed every half second, some 20 of them, for messages most visits never scroll to. The
 * list keeps the same messages in view as they go in above, as for an older page.
 */
export function useDrawnMessages(
  messages: readonly ChatMessage[] | undefined,
  keep: readonly (number | null | undefined)[],
) {
  const [from, setFrom] = useState<number | null | undefined>(undefined);
  const start = drawnFrom(messages, from, keep);
  // The first start drawn stays the start: a new message at the end must not take the oldest drawn
  // one off the top (React renders again at once, before committing).
  if (from === undefined && messages && messages.length > 0) setFrom(start);
  const drawn = useMemo(
    () => (messages && start !== null ? messages.filter((m) => m.id >= start) : messages),
    [messages, start],
  );
  const drawMore = useCallback(() => {
    if (messages && start !== null) setFrom(nextDrawnFrom(messages, start));
  }, [messages, start]);
  return { drawn, allDrawn: start === null, drawMore };
}
