import { ArrowRight, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

/** The frame of a card on the member's home page. */
export const HOME_CARD_FRAME =
  'overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm dark:shadow-black/40';

/**
 * A home-page card that is one link (Continue, Attempts to review): an icon, a small line above the
 * title, the title, a line under it and an arrow. The section is labelled by its heading: the title itself
 * (`headingId` on it), or, with `hiddenHeading`, a heading for screen readers above the link.
 */
export function LinkCard({
  href,
  icon: Icon,
  eyebrow,
  title,
  detail,
  headingId,
  hiddenHeading,
}: {
  href: string;
  icon: LucideIcon;
  eyebrow: ReactNode;
  title: ReactNode;
  detail: ReactNode;
  headingId: string;
  hiddenHeading?: string;
}) {
  const titleClass = 'truncate font-semibold sm:text-lg';
  return (
    <section aria-labelledby={headingId} className={HOME_CARD_FRAME}>
      {hiddenHeading && (
        <h2 id={headingId} className="sr-only">
          {hiddenHeading}
        </h2>
      )}
      <Link
        href={href}
        className="group flex items-center gap-3 px-4 py-3 transition-colors hover:bg-accent/40 focus-visible:-outline-offset-2 sm:gap-4 sm:px-5 sm:py-4"
      >
        <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary/15 text-brand sm:size-11">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="text-xs font-bold uppercase tracking-[0.15em] text-brand">{eyebrow}</span>
          {hiddenHeading ? (
            <span className={titleClass}>{title}</span>
          ) : (
            <h2 id={headingId} className={titleClass}>
              {title}
            </h2>
          )}
          <span className="truncate text-xs text-muted-foreground sm:text-sm">{detail}</span>
        </span>
        <ArrowRight
          aria-hidden="true"
          className="size-5 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:text-brand"
        />
      </Link>
    </section>
  );
}
