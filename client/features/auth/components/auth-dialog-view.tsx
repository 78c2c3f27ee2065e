import { Dialog, DialogContent } from '../../../components/ui/dialog';
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

/** The login, register and reset-link views in one dialog (loaded the first time it opens). */
export function AuthDialogView({
  state,
  openLogin,
  openRegister,
  openForgotPassword,
  close,
}: AuthDialogViewProps) {
  return (
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
  );
}
