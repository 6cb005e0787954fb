import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { openAuthDialog } from '../../../lib/auth-dialog-store.ts';
import { describeError } from '../../../lib/error-message.ts';
import { loadAllTranslations } from '../../../lib/i18n.ts';
import { storeAuthResponse, useSession } from '../../../lib/session.ts';
import { useAfterSignIn } from '../../../lib/use-after-sign-in.ts';

/**
 * Acts on the home page's mail-link parameters (spec §2): `confirmation`, `code`, and
 * `activation` with `millId`. Each link is handled once; the parameters then leave the URL.
 */
export function HomeQueryParams() {
  const [params] = useSearchParams();
  const { session, isPending } = useSession();
  const handled = useRef<string | null>(null);
  const confirmEmail = useEmailConfirmation();
  const navigate = useNavigate();
  const confirmation = params.get('confirmation');
  const code = params.get('code');
  const activation = params.get('activation');
  const millId = Number(params.get('millId'));

  useEffect(() => {
    const key = params.toString();
    if (!key || handled.current === key) return;
    if (activation && isPending) return; // which dialog depends on whether someone is signed in
    handled.current = key;
    if (confirmation) confirmEmail(confirmation);
    else if (code) openAuthDialog('resetPassword', { code });
    else if (activation && Number.isInteger(millId) && millId > 0) {
      openAuthDialog(session ? 'linkMill' : 'createAccount', { confirmationToken: activation, invitedMillId: millId });
    } else return;
    // One-time tokens must not linger in the address bar or in history.
    void navigate('/', { replace: true });
  }, [params, activation, code, confirmation, millId, isPending, session, confirmEmail, navigate]);

  return null;
}

function useEmailConfirmation() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const afterSignIn = useAfterSignIn();
  return useCallback(
    (token: string) => {
      // Imported on demand: the contract check brings zod, which the public home's first load leaves out.
      import('../api/auth-api.ts')
        .then(({ authApi }) => authApi.confirmEmail(token))
        .then((answer) => {
          // An address change of an account with a second factor: the code comes first.
          if ('challenge' in answer) return openAuthDialog('secondFactor', { challenge: answer.challenge });
          afterSignIn(storeAuthResponse(queryClient, answer));
        })
        .catch(async (error: unknown) => {
          // The server's refusal is worded in the errors' texts, which the home's first load lacks.
          await loadAllTranslations();
          openConfirmDialog({
            title: t('auth.confirmation.failedTitle'),
            message: describeError(t, error),
            // Spec §8: after the server's message the visitor is offered the sign-in.
            onConfirm: () => openAuthDialog('signIn'),
          });
        });
    },
    [t, queryClient, afterSignIn],
  );
}
