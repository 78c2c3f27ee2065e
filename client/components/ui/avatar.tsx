import { Avatar as AvatarPrimitive } from 'radix-ui';
import { smallMediaUrl } from '@common/media-url';
import { cn, initialsOf } from '../../lib/utils';

/**
 * A round picture with the person's initials while it loads or when there is none. `decorative` hides it
 * from screen readers where the name is already written next to it. A picture stored here is asked for
 * as its small version (decision 71: at most 480 px, a few KB, where the file uploaded may be megabytes).
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
  return (
    <AvatarPrimitive.Root
      aria-hidden={decorative ? true : undefined}
      className={cn(
        'relative flex size-10 shrink-0 overflow-hidden rounded-full bg-muted ring-2 ring-border',
        className,
      )}
    >
      {src ? (
        <AvatarPrimitive.Image
          src={smallMediaUrl(src)}
          alt={name}
          className="aspect-square size-full object-cover"
        />
      ) : null}
      <AvatarPrimitive.Fallback
        delayMs={src ? 300 : 0}
        className="flex size-full items-center justify-center bg-gradient-to-br from-orange-700 to-red-700 font-black tracking-wide text-white"
      >
        <span aria-hidden="true">{initialsOf(name)}</span>
        <span className="sr-only">{name}</span>
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
