import {
  Suspense,
  createContext,
  lazy,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation } from 'wouter';
import { useCurrentUser } from '../../../lib/current-user';
import { returnPathFromState } from '../../../lib/sign-in-return';

// The forms and the dialog load when a visitor first asks for them, not with the home page.
const AuthDialogView = lazy(() => import('./auth-dialog-view').then((m) => ({ default: m.AuthDialogView })));

export type AuthDialogState =
  { mode: 'login' } | { mode: 'register' } | { mode: 'forgot'; email: string } | { mode: null };

interface AuthDialogControls {
  openLogin: () => void;
  openRegister: () => void;
  /** Opens the 'Reset your password' view, its e-mail field holding `email`. */
  openForgotPassword: (email?: string) => void;
  close: () => void;
}

const AuthDialogContext = createContext<AuthDialogControls | null>(null);

/**
 * Owns the one login/register dialog of the app, so the header's Login and the footer's Member Login
 * open the same thing; its third view asks for a password reset link. The form state lives in the
 * dialog's content, which unmounts on close: closing clears the fields.
 *
 * A visitor sent home from a members' page (client/app/require-member.tsx) finds it open, and once
 * signed in (or registered) goes back to that page; closing it forgets the page.
 */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthDialogState>({ mode: null });
  // Mounted from the first opening on, so closing keeps Radix's closing animation.
  const [opened, setOpened] = useState(false);
  if (state.mode !== null && !opened) setOpened(true);
  const [location, navigate] = useLocation();
  const { user, isPending } = useCurrentUser();
  /** The members' page to go back to after signing in, taken from the home entry's history state. */
  const returnTo = useRef<string | null>(null);
  useEffect(() => {
    if (location !== '/' || isPending || user) return;
    const path = returnPathFromState(window.history.state);
    if (!path) return;
    // Taken once: Back, Forward or a reload of home do not open the dialog again.
    window.history.replaceState(null, '', window.location.href);
    returnTo.current = path;
    setState({ mode: 'login' });
  }, [location, isPending, user]);

  const openLogin = useCallback(() => setState({ mode: 'login' }), []);
  const openRegister = useCallback(() => setState({ mode: 'register' }), []);
  const openForgotPassword = useCallback((email = '') => setState({ mode: 'forgot', email }), []);
  const close = useCallback(() => {
    returnTo.current = null;
    setState({ mode: null });
  }, []);
  /** Closes after a sign-in, back on the page the visitor was sent from, if any: true when it went there. */
  const signedIn = useCallback(() => {
    const path = returnTo.current;
    close();
    if (path) navigate(path, { replace: true });
    return path !== null;
  }, [close, navigate]);
  const controls = useMemo(
    () => ({ openLogin, openRegister, openForgotPassword, close }),
    [openLogin, openRegister, openForgotPassword, close],
  );

  return (
    <AuthDialogContext.Provider value={controls}>
      {children}
      {opened ? (
        <Suspense fallback={null}>
          <AuthDialogView state={state} {...controls} signedIn={signedIn} />
        </Suspense>
      ) : null}
    </AuthDialogContext.Provider>
  );
}

/** Opens or closes the login and register dialog; must be used under AuthDialogProvider. */
export function useAuthDialog(): AuthDialogControls {
  const controls = useContext(AuthDialogContext);
  if (!controls) throw new Error('useAuthDialog must be used within AuthDialogProvider');
  return controls;
}
