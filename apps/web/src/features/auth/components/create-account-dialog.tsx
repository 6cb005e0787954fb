import { Alert, Button, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type AuthDialogOptions, closeAuthDialog } from '../../../lib/auth-dialog-store.ts';
import { describeError } from '../../../lib/error-message.ts';
import { type Outcome, useCreateAccount } from './use-create-account.ts';

/** The invitation dialog of spec §2 for a visitor who is not signed in. */
export function CreateAccountDialog({ opened, options }: { opened: boolean; options: AuthDialogOptions }) {
  const { t } = useTranslation();
  const { form, outcome, invitedEmail, asksCompany, emailChanged, accountExists, failure, pending, submit, connectExisting } =
    useCreateAccount(opened, options);

  // The invited address already has an account: the lab agrees by signing in, nothing to create.
  if (accountExists) {
    return (
      <Modal opened={opened} onClose={closeAuthDialog} title={t('auth.createAccount.title')} centered>
        <Stack>
          <Text>{t('auth.createAccount.existingAccount', { email: invitedEmail })}</Text>
          <Button onClick={connectExisting} data-autofocus>
            {t('auth.createAccount.connectExisting')}
          </Button>
        </Stack>
      </Modal>
    );
  }

  return (
    <Modal opened={opened} onClose={closeAuthDialog} title={t('auth.createAccount.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">{t('auth.createAccount.intro')}</Text>
          {failure && (
            <Alert color="red" title={t('auth.signUp.errorTitle')}>
              {describeError(t, failure)}
            </Alert>
          )}
          <OutcomeNotice outcome={outcome} onConnectExisting={connectExisting} />
          <TextInput label={t('fields.email')} type="email" autoComplete="email" required data-autofocus {...form.textProps('email')} />
          <PasswordInput
            label={t('fields.password')}
            description={t('auth.passwordHint')}
            autoComplete="new-password"
            required
            {...form.textProps('password')}
          />
          {asksCompany && (
            <TextInput
              label={t('fields.companyName')}
              description={t('auth.createAccount.companyNameHint')}
              autoComplete="organization"
              {...form.textProps('companyName')}
            />
          )}
          <Button type="submit" loading={pending}>
            {emailChanged ? t('auth.createAccount.sendConfirmation') : t('auth.createAccount.submit')}
          </Button>
          <Button variant="subtle" type="button" onClick={connectExisting}>
            {t('auth.createAccount.connectExisting')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}

function OutcomeNotice({ outcome, onConnectExisting }: { outcome: Outcome; onConnectExisting: () => void }) {
  const { t } = useTranslation();
  if (outcome === 'emailTaken')
    return (
      <Alert color="yellow" title={t('auth.createAccount.emailTaken')}>
        <Stack gap="xs">
          <Text size="sm">{t('auth.createAccount.connectExistingHint')}</Text>
          <Button variant="light" onClick={onConnectExisting}>
            {t('auth.createAccount.connectExisting')}
          </Button>
        </Stack>
      </Alert>
    );
  if (outcome === 'confirmationSent')
    return (
      <Alert color="green" role="status">
        {t('auth.createAccount.confirmationSent')}
      </Alert>
    );
  return null;
}
