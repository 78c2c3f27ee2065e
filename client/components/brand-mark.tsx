import { cn } from '../lib/utils';

/** The Tribe36 mark: two peaks in a rounded tile, drawn inline so it costs no request. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      className={cn('size-9 shrink-0', className)}
    >
      <rect width="32" height="32" rx="8" className="fill-foreground" />
      <path d="M6 24 13.5 8l4.2 9 2.8-5L26 24z" className="fill-brand" />
      <path d="M11.2 24 16 14l4.8 10z" className="fill-background" />
    </svg>
  );
}
