import type { ChatMessage } from '@common/contracts/chat';

/** The room as the client holds it: messages by id, oldest first, and whether older ones remain. */
export interface ChatRoom {
  messages: ChatMessage[];
  hasOlder: boolean;
}

/**
 * `held` and `incoming` as one list sorted by id with no id twice (an incoming copy wins). Returns `held`
 * itself when nothing is new, so that React and the query cache see no change.
 */
export function mergeMessages(held: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return held as ChatMessage[];
  const known = new Set(held.map((m) => m.id));
  const fresh = incoming.filter((m) => !known.has(m.id));
  if (fresh.length === 0) return held as ChatMessage[];
  const last = held.at(-1);
  const sortedFresh = [...fresh].sort((a, b) => a.id - b.id);
  // The usual case, newer messages after the ones held, needs no sort of the whole list.
  if (!last || sortedFresh[0]!.id > last.id) return dedupeSorted([...held, ...sortedFresh]);
  return dedupeSorted([...held, ...sortedFresh].sort((a, b) => a.id - b.id));
}

function dedupeSorted(messages: ChatMessage[]): ChatMessage[] {
  return messages.filter((m, i) => i === 0 || messages[i - 1]!.id !== m.id);
}

/** The newest id held, the cursor for `?after=`. */
export function newestId(messages: readonly ChatMessage[]): number | undefined {
  return messages.at(-1)?.id;
}

/** The oldest id held, the cursor for `?before=`. */
export function oldestId(messages: readonly ChatMessage[]): number | undefined {
  return messages[0]?.id;
}

const GROUP_GAP_MS = 5 * 60_000;

/**
 * Whether `message` continues `previous`'s run (same sender within 5 minutes), so the list can leave
 * out its picture and name. Deleted members all share the empty username, so theirs never do: two
 * of them are not one sender.
 */
export function continuesRun(previous: ChatMessage | undefined, message: ChatMessage): boolean {
  if (!previous || message.user.username === '' || previous.user.username !== message.user.username)
    return false;
  const gap = Date.parse(message.createdAt) - Date.parse(previous.createdAt);
  return gap >= 0 && gap < GROUP_GAP_MS;
}
