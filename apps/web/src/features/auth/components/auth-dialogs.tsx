import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { openAuthDialog, useAuthDialog } from '../../../lib/auth-dialog-store.ts';
import { CreateAccountDialog } from './create-account-dialog.tsx';
import { ForgotPasswordDialog } from './forgot-password-dialog.tsx';
import { LinkMillDialog } from './link-mill-dialog.tsx';
import { ResetPasswordDialog } from './reset-password-dialog.tsx';
import { SecondFactorDialog } from './second-factor-dialog.tsx';
import { SignInDialog } from './sign-in-dialog.tsx';
import { SignUpDialog, SignUpDoneDialog } from './sign-up-dialog.tsx';

/** Navigation state a route guard leaves to ask for the sign-in dialog. */
export interface AuthNavigationState {
  authDialog?: 'signIn';
  /** The page the visitor asked for. */
  returnTo?: string;
}

/**
 * Renders whichever auth dialog is open. Each dialog mounts afresh when opened, so its form
 * starts empty every time and switching dialogs needs no reset logic.
 */
export function AuthDialogs() {
  const { kind, options } = useAuthDialog();
  const location = useLocation();
  const navigate = useNavigate();
  const { authDialog: requested, returnTo } = (location.state as AuthNavigationState | null) ?? {};

  useEffect(() => {
    if (requested !== 'signIn') return;
    openAuthDialog('signIn', returnTo ? { returnTo } : {});
    // Drop the request from history so Back or a reload does not open the dialog again.
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [requested, returnTo, navigate, location.pathname, location.search]);

  switch (kind) {
    case 'signIn':
      return <SignInDialog key={JSON.stringify(options)} opened options={options} />;
    case 'signUp':
      return <SignUpDialog opened />;
    case 'signUpDone':
      return <SignUpDoneDialog opened email={options.email} />;
    case 'forgotPassword':
      return <ForgotPasswordDialog opened />;
    case 'resetPassword':
      return <ResetPasswordDialog opened code={options.code ?? ''} />;
    case 'createAccount':
      return <CreateAccountDialog opened options={options} />;
    case 'linkMill':
      return <LinkMillDialog opened options={options} />;
    case 'secondFactor':
      return options.challenge ? <SecondFactorDialog opened challenge={options.challenge} /> : null;
    default:
      return null;
  }
}
