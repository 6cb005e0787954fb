import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SignInChallenge } from '@casebridge/shared/schemas/two-factor';
import { closeAuthDialog } from '../../../lib/auth-dialog-store.ts';
import { useAfterSignIn } from '../../../lib/use-after-sign-in.ts';
import { SecondFactorStep } from './second-factor-step.tsx';

/** The second step on its own, for a mail link (address confirmation) that answered a challenge. */
export function SecondFactorDialog({ opened, challenge }: { opened: boolean; challenge: SignInChallenge['challenge'] }) {
  const { t } = useTranslation();
  const afterSignIn = useAfterSignIn();
  return (
    <Modal opened={opened} onClose={closeAuthDialog} title={t('twoFactor.title')} centered>
      <SecondFactorStep
        challenge={challenge}
        onSignedIn={(auth) => {
          closeAuthDialog();
          afterSignIn(auth);
        }}
      />
    </Modal>
  );
}
