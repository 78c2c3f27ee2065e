import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { AREA_TITLES, type ThinkTank } from '@common/curriculum';
import { THINK_TANK_ICONS } from '../../../components/think-tank-icons';

/** One step of the breadcrumb trail; the last one is the page itself and has no link. */
export interface Crumb {
  label: string;
  href?: string;
}

function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-sm text-muted-foreground">
        {trail.map((crumb, i) => (
          <li key={`${i}-${crumb.label}`} className="flex min-w-0 items-center gap-1.5">
            {i > 0 ? <ChevronRight aria-hidden="true" className="size-3.5 shrink-0 opacity-60" /> : null}
            {crumb.href ? (
              <Link
                href={crumb.href}
                className="truncate rounded-sm font-medium transition-colors hover:text-foreground hover:underline underline-offset-4"
              >
                {crumb.label}
              </Link>
            ) : (
              <span aria-current="page" className="truncate font-semibold text-foreground">
                {crumb.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * The top of every Think Tank page: the breadcrumb trail (from Home), the area's icon, an eyebrow naming
 * the Think Tank, the page's heading and an optional sub-line.
 */
export function ThinkTankPageHeader({
  area,
  title,
  trail,
  children,
}: {
  area: ThinkTank;
  title: ReactNode;
  /** The steps after Home, the page itself last. */
  trail: readonly Crumb[];
  children?: ReactNode;
}) {
  const Icon = THINK_TANK_ICONS[area];
  return (
    <header className="grid gap-5">
      <Breadcrumbs trail={[{ label: 'Home', href: '/' }, ...trail]} />
      <div className="flex items-start gap-4">
        {/* On a phone the title takes the whole width and the icon moves beside the eyebrow. */}
        <span className="hidden size-14 shrink-0 place-items-center rounded-xl bg-primary/15 text-brand sm:grid">
          <Icon aria-hidden="true" className="size-7" />
        </span>
        <div className="grid min-w-0 gap-1.5">
          <p className="flex items-center gap-2 text-xs font-bold uppercase tracking-[0.25em] text-brand">
            <Icon aria-hidden="true" className="size-4 shrink-0 sm:hidden" />
            {AREA_TITLES[area]} Think Tank
          </p>
          <h2 className="font-display text-2xl font-black leading-tight tracking-tight text-balance break-words min-[400px]:text-3xl sm:text-4xl">
            {title}
          </h2>
          {children ? <div className="text-sm text-muted-foreground sm:text-base">{children}</div> : null}
        </div>
      </div>
    </header>
  );
}
