import { AppShell } from './layout/app-shell';
import { AppProviders } from './providers';
import { AppRouter } from './router';

/** The whole client: providers around the shell around the routes. */
export function App() {
  return (
    <AppProviders>
      <AppShell>
        <AppRouter />
      </AppShell>
    </AppProviders>
  );
}
