import { useEffect, useRef } from 'react';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { focusUserMenu } from '../../../lib/focus';
import type { AuthDialogState } from './auth-dialog';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

type AuthDialogViewProps = {
  state: AuthDialogState;
  openLogin: () => void;
  openRegister: () => void;
  openForgotPassword: (email?: string) => void;
  close: () => void;
  /** Closes after a sign-in; true when it went back to a members' page (whose heading takes focus). */
  signedIn: () => boolean;
};

/**
 * The login, register and reset-link views in one dialog (loaded the first time it opens). Closed by a
 * sign-in, it hands focus to the user menu that replaced the Login button, or leaves it to the page it
 * went back to (use-route-focus); closed otherwise, back to what opened it. A switch between its views
 * focuses the new view's first field.
 */
export function AuthDialogView({
  state,
  openLogin,
  openRegister,
  openForgotPassword,
  close,
  signedIn: closeSignedIn,
}: AuthDialogViewProps) {
  /** Set by a sign-in: where focus goes once the dialog has closed. */
  const signedIn = useRef<'user-menu' | 'page' | null>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const shownMode = useRef(state.mode);
  useEffect(() => {
    const was = shownMode.current;
    shownMode.current = state.mode;
    if (was === null || state.mode === null || was === state.mode) return;
    // A switch between views took away the link pressed: the new view starts at its first field.
    contentRef.current?.querySelector<HTMLElement>('input')?.focus();
  }, [state.mode]);
  const done = () => {
    signedIn.current = closeSignedIn() ? 'page' : 'user-menu';
  };
  return (
    <Dialog open={state.mode !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent
        ref={contentRef}
        onCloseAutoFocus={(event) => {
          const where = signedIn.current;
          if (!where) return;
          signedIn.current = null;
          event.preventDefault();
          if (where === 'user-menu') focusUserMenu();
        }}
      >
        {state.mode === 'register' ? (
          <RegisterForm key="register" onSwitch={openLogin} onDone={done} />
        ) : state.mode === 'forgot' ? (
          <ForgotPasswordForm key="forgot" initialEmail={state.email} onBack={openLogin} />
        ) : (
          <LoginForm key="login" onSwitch={openRegister} onForgot={openForgotPassword} onDone={done} />
        )}
      </DialogContent>
    </Dialog>
  );
}
