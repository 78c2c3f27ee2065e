import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type KeyboardEvent, type RefObject } from 'react';
import type { MemberSearchResult } from '@common/contracts/members';
import { insertMention, mentionQueryAt, mentionSearchOptions } from '../lib/mention-query';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { cn } from '../lib/utils';
import { Avatar } from './ui/avatar';

/** How long the typed handle must rest before the members are searched. */
const SEARCH_DELAY_MS = 150;
/** At most this many members are offered. */
const SHOWN = 8;

/**
 * The members to mention while `@` and 2 or more characters are typed in a message box (decision 57):
 * a list above the box of the members whose handle or name matches (the member search, so private
 * members only for those who may see them). Up and Down move through it, Enter or Tab inserts
 * `@handle `, Escape closes it; a click or a tap inserts too. The box keeps the focus and its
 * textbox role: `aria-autocomplete`, `aria-controls` and `aria-activedescendant` point at the list
 * and its highlighted option (an ARIA listbox), and a status tells screen readers how many there are.
 */
export function useMentionAutocomplete({
  value,
  onValueChange,
  input,
}: {
  value: string;
  onValueChange: (value: string) => void;
  input: RefObject<HTMLTextAreaElement | null>;
}) {
  const listId = useId();
  const [caret, setCaret] = useState<number | null>(null);
  /** The mention Escape closed (its start and text): it stays closed until the word changes. */
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [active, setActive] = useState(0);

  const typed = caret === null ? null : mentionQueryAt(value, caret);
  const key = typed ? `${typed.start}:${typed.query}` : null;
  const search = useDebouncedValue(typed?.query.toLowerCase() ?? '', SEARCH_DELAY_MS);
  const found = useQuery({ ...mentionSearchOptions(search), enabled: typed !== null && search.length >= 2 });
  const members: MemberSearchResult[] =
    typed !== null && search === typed.query.toLowerCase() ? (found.data ?? []).slice(0, SHOWN) : [];
  const open = typed !== null && key !== dismissed && members.length > 0;
  const optionId = (i: number) => `${listId}-option-${i}`;

  // A new list starts at its first member.
  const firstId = members[0]?.id;
  useEffect(() => setActive(0), [firstId, members.length]);

  /** Where the caret is now, read from the box after each change, click or key. */
  function track() {
    const el = input.current;
    setCaret(el && document.activeElement === el ? el.selectionStart : null);
  }

  function choose(member: MemberSearchResult) {
    const el = input.current;
    if (!typed || caret === null) return;
    const next = insertMention(value, typed, caret, member.username);
    onValueChange(next.text);
    setCaret(next.caret);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.caret, next.caret);
    });
  }

  /** Handles the list's keys while it is open; true when the key was one of them. */
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
    if (!open || event.nativeEvent.isComposing) return false;
    const count = members.length;
    switch (event.key) {
      case 'ArrowDown':
        setActive((i) => (i + 1) % count);
        break;
      case 'ArrowUp':
        setActive((i) => (i - 1 + count) % count);
        break;
      case 'Enter':
      case 'Tab':
        if (event.shiftKey) return false;
        choose(members[Math.min(active, count - 1)]!);
        break;
      case 'Escape':
        setDismissed(key);
        // Only the list closes, not the panel or dialog around the box.
        event.stopPropagation();
        break;
      default:
        return false;
    }
    event.preventDefault();
    return true;
  }

  const inputProps = {
    'aria-autocomplete': 'list' as const,
    'aria-haspopup': 'listbox' as const,
    'aria-controls': open ? listId : undefined,
    'aria-activedescendant': open ? optionId(Math.min(active, members.length - 1)) : undefined,
    onSelect: track,
    onClick: track,
    onFocus: track,
    onBlur: () => setCaret(null),
  };

  const list = (
    <>
      <span role="status" className="sr-only">
        {open
          ? `${members.length} ${members.length === 1 ? 'member' : 'members'} to mention: Up and Down to choose, Enter to insert`
          : ''}
      </span>
      {open ? (
        <ul
          id={listId}
          role="listbox"
          aria-label="Members to mention"
          className="absolute bottom-full right-0 z-20 mb-1 max-h-64 w-[max(100%,16rem)] max-w-[calc(100vw-1.5rem)] overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-lg"
        >
          {members.map((member, i) => (
            <li
              key={member.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              // The box keeps the focus (and the keyboard on a phone) while an option is chosen.
              onPointerDown={(event) => event.preventDefault()}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(member)}
              onPointerMove={() => setActive(i)}
              className={cn(
                'flex cursor-pointer items-center gap-2.5 rounded-sm px-2 py-1.5',
                i === active && 'bg-accent text-accent-foreground',
              )}
            >
              <Avatar
                name={member.name}
                src={member.profilePicture}
                decorative
                className="size-7 text-[0.65rem] ring-1"
              />
              <span className="grid min-w-0 flex-1 leading-tight">
                <span className="truncate text-sm font-semibold">{member.name}</span>
                <span className="truncate text-xs text-muted-foreground">@{member.username}</span>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );

  return { inputProps, onKeyDown, track, list, open };
}
