import { useState } from 'react';
import { cn } from '../lib/utils';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './ui/dialog';

/**
 * A photo in a message (a chat photo, an attempt's frame): a thumbnail that opens the photo enlarged in
 * a dialog titled with its `alt`.
 */
export function PhotoThumbnail({
  src,
  alt,
  openLabel = 'Open photo',
  whole = false,
}: {
  src: string;
  alt: string;
  openLabel?: string;
  /** Shows the whole picture, not a crop (an attempt's frame, whose values are written at its edge). */
  whole?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label={openLabel}
        onClick={() => setOpen(true)}
        className="group flex h-44 w-fit max-w-full cursor-zoom-in overflow-hidden rounded-lg border bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <img
          src={src}
          alt={alt}
          loading="lazy"
          decoding="async"
          className={cn(
            'h-full w-auto min-w-24 max-w-full transition-transform duration-200 group-hover:scale-[1.02]',
            whole ? 'bg-black object-contain' : 'object-cover',
          )}
        />
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          // Focus the dialog itself, not its close button, whose tooltip would then open over the photo.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.currentTarget as HTMLElement | null)?.focus();
          }}
          // As wide as the photo (or its title), never wider than the screen; the title in the flow,
          // clear of the Close button (pr-10), cut short with an ellipsis on a narrow screen.
          className="w-max max-w-[min(calc(100vw-2rem),64rem)] gap-3 border-0 bg-black/90 p-3 focus-visible:outline-none sm:p-4 [&>button:last-child]:text-white/80 [&>button:last-child]:hover:bg-white/10 [&>button:last-child]:hover:text-white"
        >
          <DialogTitle className="min-w-0 truncate pl-1 pr-10 pt-1 text-sm font-bold normal-case tracking-normal text-white">
            {alt}
          </DialogTitle>
          <DialogDescription className="sr-only">The photo, enlarged.</DialogDescription>
          <img
            src={src}
            alt={alt}
            className="mx-auto max-h-[calc(100dvh-7rem)] w-auto max-w-full rounded-md object-contain"
          />
        </DialogContent>
      </Dialog>
    </>
  );
}
