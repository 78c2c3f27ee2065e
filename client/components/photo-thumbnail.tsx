import { Suspense, useState, type ComponentProps } from 'react';
import { smallMediaUrl } from '@common/media-url';
import { preloadable } from '../lib/preloadable';
import { cn } from '../lib/utils';
import type PhotoLightboxComponent from './photo-lightbox';

// The enlarged photo is a dialog loaded when the thumbnail is pointed at or focused, and drawn once first
// opened (docs/decisions.md decision 70): a room of photos evaluates no dialog on its way to interactive.
const PhotoLightbox = preloadable<
  ComponentProps<typeof PhotoLightboxComponent>,
  { default: typeof PhotoLightboxComponent }
>(() => import('./photo-lightbox'));
const preloadLightbox = () => void PhotoLightbox.preload().catch(() => undefined);

/**
 * A photo in a message (a chat photo, an attempt's frame): a thumbnail that opens the photo enlarged in
 * a dialog titled with its `alt`. The thumbnail is the photo's small version (`?size=small`, at most
 * 480 px high for a box 176 px high, decision 71); the dialog loads the original.
 */
export function PhotoThumbnail({
  src,
  alt,
  openLabel = 'Open photo',
  whole = false,
  inView = false,
}: {
  src: string;
  alt: string;
  openLabel?: string;
  /** Shows the whole picture, not a crop (an attempt's frame, whose values are written at its edge). */
  whole?: boolean;
  /**
   * In view as the page opens (the room's newest messages): loaded at once and first, not lazily once
   * laid out (its photo may be the page's largest element, decision 77).
   */
  inView?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label={openLabel}
        onPointerEnter={preloadLightbox}
        onFocus={preloadLightbox}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        className="group flex h-44 w-fit max-w-full cursor-zoom-in overflow-hidden rounded-lg border bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <img
          src={smallMediaUrl(src)}
          alt={alt}
          loading={inView ? 'eager' : 'lazy'}
          fetchPriority={inView ? 'high' : undefined}
          decoding="async"
          className={cn(
            'h-full w-auto min-w-24 max-w-full transition-transform duration-200 group-hover:scale-[1.02]',
            whole ? 'bg-black object-contain' : 'object-cover',
          )}
        />
      </button>
      {opened ? (
        <Suspense fallback={null}>
          <PhotoLightbox src={src} alt={alt} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
