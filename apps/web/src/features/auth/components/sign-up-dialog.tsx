import { Alert, Anchor, Button, Checkbox, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PolicyAgreements } from '../../../components/agreement-checkbox.tsx';
import { closeAuthDialog, openAuthDialog } from '../../../lib/auth-dialog-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { describeError } from '../../../lib/error-message.ts';
import { useSignUp } from './use-sign-up.ts';

/** Server errors that belong under a field are shown there; only the rest go to the alert. */
function generalError(error: unknown): boolean {
  return !(error instanceof ApiError && error.body.errors && Object.keys(error.body.errors).length > 0);
}

export function SignUpDialog({ opened }: { opened: boolean }) {
  const { t } = useTranslation();
  const { form, consents, promotionsOptOut, setPromotionsOptOut, register, submit } = useSignUp();
  const { policy, dataProcessing, attempted } = consents;

  return (
    <Modal opened={opened} onClose={closeAuthDialog} title={t('auth.signUp.title')} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          {register.isError && generalError(register.error) && (
            <Alert color="red" title={t('auth.signUp.errorTitle')}>
              {describeError(t, register.error)}
            </Alert>
          )}
          <SignUpFields form={form} />
          <PolicyAgreements
            policy={policy}
            dataProcessing={dataProcessing}
            onPolicyChange={consents.setPolicy}
            onDataProcessingChange={consents.setDataProcessing}
            showMissing={attempted}
          />
          {attempted && (policy !== true || dataProcessing !== true) && (
            <Text c="red" size="sm" role="alert">
              {t('consent.required')}
            </Text>
          )}
          <Checkbox
            label={t('auth.signUp.promotionsOptOut')}
            checked={promotionsOptOut}
            onChange={(event) => setPromotionsOptOut(event.currentTarget.checked)}
          />
          <Button type="submit" loading={register.isPending}>
            {t('auth.signUp.submit')}
          </Button>
          <SignInInstead />
        </Stack>
      </form>
    </Modal>
  );
}

function SignUpFields({ form }: { form: ReturnType<typeof useSignUp>['form'] }) {
  const { t } = useTranslation();
  return (
    <>
      <Group grow align="flex-start">
        <TextInput label={t('fields.firstName')} autoComplete="given-name" required data-autofocus {...form.textProps('firstName')} />
        <TextInput label={t('fields.lastName')} autoComplete="family-name" required {...form.textProps('lastName')} />
      </Group>
      <TextInput label={t('fields.email')} type="email" autoComplete="email" required {...form.textProps('email')} />
      <PasswordInput
        label={t('fields.password')}
        description={t('auth.passwordHint')}
        autoComplete="new-password"
        required
        {...form.textProps('password')}
      />
      {/* No placeholder: in the error state it turns red and reads like a wrong value typed in;
                the description already shows the key's form. */}
      <TextInput
        label={t('fields.activationKey')}
        description={t('auth.signUp.activationKeyHint', { example: 'ABCDE-12345-FGHIJ-KLMNO-PQRST' })}
        autoComplete="off"
        required
        {...form.textProps('activationKey')}
      />
    </>
  );
}

function SignInInstead() {
  const { t } = useTranslation();
  return (
    <Group gap={4} justify="center">
      <Text size="sm">{t('auth.signUp.haveAccount')}</Text>
      <Anchor component="button" type="button" size="sm" onClick={() => openAuthDialog('signIn')}>
        {t('auth.signIn.title')}
      </Anchor>
    </Group>
  );
}

export function SignUpDoneDialog({ opened, email }: { opened: boolean; email?: string }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={closeAuthDialog} title={t('auth.signUpDone.title')} centered>
      <Stack>
        <Text>{t('auth.signUpDone.message', { email: email ?? '' })}</Text>
        <Button onClick={closeAuthDialog}>{t('common.ok')}</Button>
      </Stack>
    </Modal>
  );
}
