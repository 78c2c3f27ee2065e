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
};

/**
 * The login, register and reset-link views in one dialog (loaded the first time it opens). Closed by a
 * sign-in, it hands focus to the user menu that replaced the Login button; closed otherwise, back to
 * what opened it. A switch between its views focuses the new view's first field.
 */
export function AuthDialogView({
  state,
  openLogin,
  openRegister,
  openForgotPassword,
  close,
}: AuthDialogViewProps) {
  const signedIn = useRef(false);
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
    signedIn.current = true;
    close();
  };
  return (
    <Dialog open={state.mode !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent
        ref={contentRef}
        onCloseAutoFocus={(event) => {
          if (!signedIn.current) return;
          signedIn.current = false;
          event.preventDefault();
          focusUserMenu();
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
