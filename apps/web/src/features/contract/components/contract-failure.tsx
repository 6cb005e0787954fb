import { Alert } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { describeServerError } from '../../../lib/error-message.ts';

/** The server's own message says what went wrong (e.g. company details missing for an invoice). */
export function serverMessage(t: TFunction, error: unknown): string {
  return describeServerError(t, error);
}

/** Spec §8: a failed subscription change asks to contact the administrator or retry later. */
export function ContractFailure({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert" title={t('contract.failed')}>
      {serverMessage(t, error)}
    </Alert>
  );
}
