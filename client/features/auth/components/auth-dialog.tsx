import {
  Suspense,
  createContext,
  lazy,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';

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
 */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthDialogState>({ mode: null });
  // Mounted from the first opening on, so closing keeps Radix's closing animation.
  const [opened, setOpened] = useState(false);
  if (state.mode !== null && !opened) setOpened(true);
  const openLogin = useCallback(() => setState({ mode: 'login' }), []);
  const openRegister = useCallback(() => setState({ mode: 'register' }), []);
  const openForgotPassword = useCallback((email = '') => setState({ mode: 'forgot', email }), []);
  const close = useCallback(() => setState({ mode: null }), []);
  const controls = useMemo(
    () => ({ openLogin, openRegister, openForgotPassword, close }),
    [openLogin, openRegister, openForgotPassword, close],
  );

  return (
    <AuthDialogContext.Provider value={controls}>
      {children}
      {opened ? (
        <Suspense fallback={null}>
          <AuthDialogView state={state} {...controls} />
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
