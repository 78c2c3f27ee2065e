import { Suspense, lazy, useState, type ReactNode } from 'react';
import { Footer } from './footer';
import { Header } from './header';

// Settings are opened from the user menu only: load them on first use.
const SettingsDialog = lazy(() =>
  import('../../features/settings/components/settings-dialog').then((m) => ({
    default: m.SettingsDialog,
  })),
);

/** Header, page and fixed footer; the page is padded so the footer never hides its end. */
export function AppShell({ children }: { children: ReactNode }) {
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
    </div>
  );
}
