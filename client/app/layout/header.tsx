import { Suspense, type ComponentProps } from 'react';
import { Link } from 'wouter';
import { HEADER_SUBLINE, PRODUCT_NAME } from '@common/constants';
import { BrandMark } from '../../components/brand-mark';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/spinner';
import { useAuthDialog } from '../../features/auth/components/auth-dialog';
import { preloadable } from '../../lib/preloadable';
import type { UserMenu as UserMenuComponent } from '../../features/auth/components/user-menu';
import type { NotificationBell as NotificationBellComponent } from '../../features/notifications/components/notification-bell';
import { useShownUser } from './use-shown-user';

// Members only: a visitor's first page (prerendered, docs/decisions.md decision 19) does not load the menu.
const UserMenu = preloadable<ComponentProps<typeof UserMenuComponent>, { default: typeof UserMenuComponent }>(
  () => import('../../features/auth/components/user-menu').then((m) => ({ default: m.UserMenu })),
);
// The bell, for approved members (decision 59).
const NotificationBell = preloadable<object, { default: typeof NotificationBellComponent }>(() =>
  import('../../features/notifications/components/notification-bell').then((m) => ({
    default: m.NotificationBell,
  })),
);

/**
 * Loads the member's menu and bell ahead, for a page the server sent to a live session (decision 65):
 * /api/auth/me's answer then draws them at once, instead of suspending in the middle of the render
 * its answer causes (which React does in one task) and fetching their code then.
 */
export function preloadMemberChrome(): void {
  void UserMenu.preload().catch(() => {});
  void NotificationBell.preload().catch(() => {});
}

/**
 * The top bar: logo, the centred title and sub-line, and Login or the user menu. `onSettings` is the
 * hosting screen's handler for the menu's Settings item.
 */
export function Header({ onSettings }: { onSettings: () => void }) {
  const { user, isPending } = useShownUser();
  const { openLogin } = useAuthDialog();

  return (
    <header
      data-app-chrome=""
      className="sticky top-0 z-40 border-b bg-background/80 backdrop-blur-md supports-[backdrop-filter]:bg-background/65"
    >
      <div className="mx-auto grid h-16 max-w-6xl grid-cols-[1fr_auto_1fr] items-center gap-2 px-3 sm:h-20 sm:px-6">
        <div className="flex items-center">
          <Link
            href="/"
            aria-label={`${PRODUCT_NAME} home`}
            className="rounded-lg transition-opacity hover:opacity-85"
          >
            <BrandMark className="size-9 sm:size-10" />
          </Link>
        </div>
        <div className="min-w-0 text-center">
          <h1 className="font-display text-xl font-black uppercase italic leading-none tracking-tight sm:text-3xl">
            {PRODUCT_NAME}
          </h1>
          <p className="mt-1 truncate text-[0.65rem] font-semibold uppercase tracking-[0.2em] text-muted-foreground sm:text-xs">
            {HEADER_SUBLINE}
          </p>
        </div>
        <div className="flex items-center justify-end gap-1 sm:gap-2">
          {isPending ? (
            <Skeleton className="size-10 rounded-full" />
          ) : user ? (
            <Suspense fallback={<Skeleton className="size-10 rounded-full" />}>
              {user.membership === 'active' ? <NotificationBell /> : null}
              <UserMenu user={user} onSettings={onSettings} />
            </Suspense>
          ) : (
            <Button onClick={openLogin} className="px-3 sm:px-4" data-sign-in-button="">
              Login
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
