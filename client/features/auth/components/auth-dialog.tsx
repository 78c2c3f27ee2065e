import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

type AuthDialogMode = 'login' | 'register';

interface AuthDialogControls {
  openLogin: () => void;
  openRegister: () => void;
  close: () => void;
}

const AuthDialogContext = createContext<AuthDialogControls | null>(null);

/**
 * Owns the one login/register dialog of the app, so the header's Login and the footer's Member Login
 * open the same thing. The form state lives in the dialog's content, which unmounts on close: closing
 * clears the fields.
 */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<AuthDialogMode | null>(null);
  const openLogin = useCallback(() => setMode('login'), []);
  const openRegister = useCallback(() => setMode('register'), []);
  const close = useCallback(() => setMode(null), []);
  const controls = useMemo(() => ({ openLogin, openRegister, close }), [openLogin, openRegister, close]);

  return (
    <AuthDialogContext.Provider value={controls}>
      {children}
      <Dialog open={mode !== null} onOpenChange={(open) => (open ? undefined : close())}>
        <DialogContent>
          {mode === 'register' ? (
            <RegisterForm key="register" onSwitch={openLogin} onDone={close} />
          ) : (
            <LoginForm key="login" onSwitch={openRegister} onDone={close} />
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
