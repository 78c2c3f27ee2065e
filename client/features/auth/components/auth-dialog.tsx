import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

type AuthDialogState =
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
      <Dialog open={state.mode !== null} onOpenChange={(open) => (open ? undefined : close())}>
        <DialogContent>
          {state.mode === 'register' ? (
            <RegisterForm key="register" onSwitch={openLogin} onDone={close} />
          ) : state.mode === 'forgot' ? (
            <ForgotPasswordForm key="forgot" initialEmail={state.email} onBack={openLogin} />
          ) : (
            <LoginForm key="login" onSwitch={openRegister} onForgot={openForgotPassword} onDone={close} />
          )}
        </DialogContent>
      </Dialog>
    </AuthDialogContext.Provider>
  );
}

/** Opens or closes the login and register dialog; must be used under AuthDialogProvider. */
export function useAuthDialog(): AuthDialogControls {
  const controls = useContext(AuthDialogContext);
  if (!controls) throw new Error('useAuthDialog must be used within AuthDialogProvider');
  return controls;
}
