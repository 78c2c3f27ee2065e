import { ChevronDown, Lock } from 'lucide-react';
import { Suspense, lazy } from 'react';
import { Button } from '../../../components/ui/button';

// Members only: a visitor's home page shows the locked button and loads no menu.
const ThinkTanksDropdown = lazy(() =>
  import('./think-tanks-dropdown').then((m) => ({ default: m.ThinkTanksDropdown })),
);

/** The Think Tanks menu: the five lesson areas for members; locked and disabled for visitors. */
export function ThinkTanksMenu({ isMember }: { isMember: boolean }) {
  if (!isMember) {
    return (
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button size="lg" variant="secondary" disabled aria-describedby="think-tanks-locked">
          <Lock aria-hidden="true" />
          Think Tanks
        </Button>
        <span id="think-tanks-locked" className="text-sm text-muted-foreground">
          Members only: log in to unlock
        </span>
      </div>
    );
  }
  return (
    <Suspense
      fallback={
        <Button size="lg" disabled>
          Think Tanks
          <ChevronDown aria-hidden="true" />
        </Button>
      }
    >
      <ThinkTanksDropdown />
    </Suspense>
  );
}
