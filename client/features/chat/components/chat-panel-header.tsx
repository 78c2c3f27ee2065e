import { RadioTower } from 'lucide-react';
import type { StreamState } from '../api/community-stream';

/** The chat panel's title bar, with the Live mark while the stream is open. */
export function PanelHeader({ stream }: { stream?: StreamState }) {
  return (
    <header className="flex shrink-0 items-center gap-3 border-b px-4 py-3 sm:px-5">
      <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-primary/15 text-brand sm:size-9">
        <RadioTower aria-hidden="true" className="size-5" />
      </span>
      <h2
        id="community-chat-title"
        className="min-w-0 flex-1 truncate text-base font-black uppercase tracking-wide sm:text-lg"
      >
        Standard Issue Comms
      </h2>
      {stream === 'open' ? (
        <span className="flex items-center gap-1.5 text-xs font-bold uppercase tracking-wider text-emerald-700 dark:text-emerald-400">
          <span aria-hidden="true" className="relative flex size-2">
            <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-500 opacity-60" />
            <span className="relative inline-flex size-2 rounded-full bg-emerald-500" />
          </span>
          <span className="sr-only sm:not-sr-only">Live</span>
        </span>
      ) : null}
    </header>
  );
}
