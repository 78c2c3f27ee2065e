import { LoaderCircle, Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'wouter';
import { MEMBER_SEARCH_DEBOUNCE_MS } from '@common/constants';
import type { MemberSearchResult } from '@common/contracts/members';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { IconButton } from '../../../components/ui/icon-button';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { cn } from '../../../lib/utils';
import { isSearchable, useSearchMembers } from '../api/search-members';
import { memberPath } from '../../../lib/paths';

function ResultLink({ member, onChoose }: { member: MemberSearchResult; onChoose: () => void }) {
  return (
    <Link
      href={memberPath(member.username)}
      onClick={onChoose}
      data-search-result=""
      className="flex items-center gap-3 rounded-md px-2.5 py-2 transition-colors hover:bg-accent focus-visible:bg-accent focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring"
    >
      <Avatar name={member.name} src={member.profilePicture} decorative className="size-9 text-xs" />
      <span className="grid min-w-0 flex-1">
        <span className="truncate font-semibold">{member.name}</span>
        <span className="truncate text-xs text-muted-foreground">@{member.username}</span>
      </span>
      {member.isAdmin ? <Badge className="px-2 text-[0.65rem]">ADMIN</Badge> : null}
    </Link>
  );
}

/** What the panel shows for the text typed so far. */
function ResultsPanel({ text, onChoose }: { text: string; onChoose: () => void }) {
  const debounced = useDebouncedValue(text.trim(), MEMBER_SEARCH_DEBOUNCE_MS);
  const { results } = useSearchMembers(debounced);
  const message = (content: string) => (
    <p role="status" className="px-3 py-4 text-center text-sm text-muted-foreground">
      {content}
    </p>
  );

  if (!isSearchable(text)) return message('Type at least 2 characters to search');
  if (debounced !== text.trim() || results === undefined) {
    return (
      <p
        role="status"
        className="flex items-center justify-center gap-2 px-3 py-4 text-sm text-muted-foreground"
      >
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        Searching...
      </p>
    );
  }
  if (results.length === 0) return message(`No members found matching "${debounced}"`);
  return (
    <ul aria-label="Members found" className="grid gap-0.5">
      {results.map((member) => (
        <li key={member.id}>
          <ResultLink member={member} onChoose={onChoose} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The footer member search (SPEC §2, §4): 16 units high while collapsed; focus expands it with a results
 * panel opening upward. An outside click, the close button or Escape collapses it and clears the text.
 * Arrow keys move between the input and the results.
 */
export function MemberSearch() {
  const [text, setText] = useState('');
  const [expanded, setExpanded] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const panelId = useId();

  // Set while collapse() puts focus back in the box, which must not expand it again.
  const refocusing = useRef(false);

  /** Collapses and clears; focus inside (on Close search, say) goes back to the box, not the page. */
  function collapse() {
    setText('');
    setExpanded(false);
    const active = document.activeElement;
    if (rootRef.current?.contains(active) && active !== inputRef.current) {
      refocusing.current = true;
      inputRef.current?.focus();
      refocusing.current = false;
    }
  }

  /** A chosen result: the search collapses; the page it opens takes focus. */
  function choose() {
    setText('');
    setExpanded(false);
  }

  useEffect(() => {
    if (!expanded) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && rootRef.current?.contains(event.target)) return;
      setText('');
      setExpanded(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [expanded]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      collapse();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const links = Array.from(rootRef.current?.querySelectorAll<HTMLElement>('[data-search-result]') ?? []);
    if (links.length === 0) return;
    event.preventDefault();
    const at = links.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown') {
      links[at === -1 ? 0 : Math.min(at + 1, links.length - 1)]?.focus();
    } else if (at <= 0) {
      inputRef.current?.focus();
    } else {
      links[at - 1]?.focus();
    }
  }

  return (
    <div
      ref={rootRef}
      role="search"
      aria-label="Member search"
      data-state={expanded ? 'expanded' : 'collapsed'}
      className="relative flex h-16 min-w-0 items-center"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        // Tabbing away collapses it too; a click on the panel's own text does not.
        const next = event.relatedTarget;
        if (next instanceof Node && !event.currentTarget.contains(next)) collapse();
      }}
    >
      <div
        className={cn(
          'relative w-full transition-[max-width] duration-200 ease-out',
          expanded ? 'max-w-md' : 'max-w-64',
        )}
      >
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <input
          ref={inputRef}
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          spellCheck={false}
          placeholder="Search members"
          aria-label="Search members"
          aria-controls={expanded ? panelId : undefined}
          value={text}
          onFocus={() => {
            if (!refocusing.current) setExpanded(true);
          }}
          onClick={() => setExpanded(true)}
          onChange={(event) => {
            setText(event.target.value);
            setExpanded(true);
          }}
          className={cn(
            'h-10 w-full rounded-full border border-input bg-background/80 pl-9 text-base text-foreground shadow-xs transition-colors placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring sm:text-sm [&::-webkit-search-cancel-button]:appearance-none',
            expanded ? 'pr-11' : 'pr-3',
          )}
        />
        {expanded ? (
          <IconButton
            label="Close search"
            tooltipSide="top"
            className="absolute right-1 top-1/2 size-8 -translate-y-1/2 rounded-full text-muted-foreground"
            onClick={collapse}
          >
            <X aria-hidden="true" />
          </IconButton>
        ) : null}
      </div>
      {expanded ? (
        <div
          id={panelId}
          className="absolute bottom-full left-0 mb-2 max-h-[min(24rem,calc(100dvh-7rem))] w-[min(28rem,calc(100vw-1.5rem))] animate-fade-in overflow-y-auto rounded-xl border bg-popover p-1.5 text-popover-foreground shadow-2xl shadow-black/40"
        >
          <ResultsPanel text={text} onChoose={choose} />
        </div>
      ) : null}
    </div>
  );
}
