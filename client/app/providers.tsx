import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { TooltipProvider } from '../components/ui/tooltip';
import { AuthDialogProvider } from '../features/auth/components/auth-dialog';
import { LiveConnectionProvider } from '../lib/live-connection';
import { queryClient } from '../lib/query-client';
import { ThemeProvider } from '../lib/theme-provider';
import { Toaster } from './layout/toaster';

/** Everything the screens rely on: data, theme, tooltips, the login dialog, the tab's one live connection (decision 58) and the toasts. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <TooltipProvider>
          <AuthDialogProvider>
            <LiveConnectionProvider>
              {children}
              <Toaster />
            </LiveConnectionProvider>
          </AuthDialogProvider>
        </TooltipProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
