import { Suspense, lazy, useState, type ReactNode } from 'react';
import { useCurrentUser } from '../../lib/current-user';
import { Footer } from './footer';
import { Header } from './header';

// Settings are opened from the user menu only: load them on first use.
const SettingsDialog = lazy(() =>
  import('../../features/settings/components/settings-dialog').then((m) => ({
    default: m.SettingsDialog,
  })),
);

// Shown only to a member whose password an admin reset (DESIGN.md decision 1): rare, so loaded on demand.
const ChangePasswordDialog = lazy(() =>
  import('../../features/auth/components/change-password-dialog').then((m) => ({
    default: m.ChangePasswordDialog,
  })),
);

/**
 * Header, page and fixed footer; the page is padded so the footer never hides its end. A member who must
 * change their password gets the dialog for it on every page.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsLoaded, setSettingsLoaded] = useState(false);

  const openSettings = () => {
    setSettingsLoaded(true);
    setSettingsOpen(true);
  };

  return (
    <div className="flex min-h-dvh flex-col">
      <Header onSettings={openSettings} />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 pb-28 pt-6 sm:px-6 sm:pt-10">{children}</main>
      <Footer />
      {settingsLoaded ? (
        <Suspense fallback={null}>
          <SettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} />
        </Suspense>
      ) : null}
      {user?.mustChangePassword ? (
        <Suspense fallback={null}>
          <ChangePasswordDialog key={user.id} />
        </Suspense>
      ) : null}
    </div>
  );
}
