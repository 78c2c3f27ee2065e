import { useState } from 'react';
import { smallMediaUrl } from '@common/media-url';
import { cn, initialsOf } from '../../lib/utils';

/**
 * A round picture, with the person's initials when there is none or it fails to load. `decorative`
 * hides it from screen readers where the name is already written next to it. A picture stored here is
 * asked for as its small version (decision 71: at most 480 px, a few KB, where the file uploaded may be
 * megabytes).
 *
 * A plain `<img>` (docs/decisions.md decision 85): Radix Avatar ran a layout effect and made a
 * `new Image()` per avatar to choose between picture and initials, a tenth of each message's first
 * render in the room. The circle keeps its size whatever is in it (no layout shift); while the picture
 * loads it is the muted circle, as it was for Radix's first 300 ms.
 */
export function Avatar({
  name,
  src,
  className,
  decorative = false,
}: {
  name: string;
  src: string | null | undefined;
  className?: string;
  decorative?: boolean;
}) {
  // The source that loaded, and the one that failed, if any: a new source is tried again.
  const [loaded, setLoaded] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const url = src ? smallMediaUrl(src) : null;
  const picture = url !== null && failed !== url;
  return (
    <span
      aria-hidden={decorative ? true : undefined}
      className={cn(
        'relative flex size-10 shrink-0 overflow-hidden rounded-full bg-muted ring-2 ring-border',
        className,
      )}
    >
      {picture ? (
        <img
          src={url}
          alt={name}
          // React listens before it sets the source: no load or error is missed (nothing here is
          // hydrated). Hidden until loaded, as Radix drew it only then: no half-drawn picture, and no
          // `img` in the accessibility tree before it has something to show.
          onLoad={() => setLoaded(url)}
          onError={() => setFailed(url)}
          className={cn('aspect-square size-full object-cover', loaded !== url && 'invisible')}
        />
      ) : (
        <span className="flex size-full items-center justify-center bg-gradient-to-br from-orange-700 to-red-700 font-black tracking-wide text-white">
          <span aria-hidden="true">{initialsOf(name)}</span>
          <span className="sr-only">{name}</span>
        </span>
      )}
    </span>
  );
}
