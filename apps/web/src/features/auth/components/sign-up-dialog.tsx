import { Alert, Anchor, Button, Checkbox, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normaliseLicenceKey } from '@casebridge/shared/constants/licence-key';
import { registerBodySchema } from '@casebridge/shared/schemas/auth';
import { PolicyAgreements, type Consent } from '../../../components/agreement-checkbox.tsx';
import { closeAuthDialog, openAuthDialog } from '../../../lib/auth-dialog-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { describeError } from '../../../lib/error-message.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useForm } from '../../../lib/use-form.ts';
import { authApi, type RegisterBody } from '../api/auth-api.ts';

const schema = registerBodySchema.pick({ firstName: true, lastName: true, email: true, password: true, activationKey: true });

const initialValues = { firstName: '', lastName: '', email: '', password: '', activationKey: '' };

/** Server errors that belong under a field are shown there; only the rest go to the alert. */
function generalError(error: unknown): boolean {
  return !(error instanceof ApiError && error.body.errors && Object.keys(error.body.errors).length > 0);
}

export function SignUpDialog({ opened }: { opened: boolean }) {
  const { t } = useTranslation();
  const form = useForm({ initialValues, schema });
  const [policy, setPolicy] = useState<Consent>(null);
  const [dataProcessing, setDataProcessing] = useState<Consent>(null);
  const [promotionsOptOut, setPromotionsOptOut] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const register = useMutation({ mutationFn: (body: RegisterBody) => authApi.register(body) });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    const data = form.validate();
    // Spec §5: submit stops unless both agreements are ticked.
    if (!data || policy !== true || dataProcessing !== true) return;
    const body: RegisterBody = {
      ...data,
      activationKey: normaliseLicenceKey(data.activationKey),
      policyAgreement: true,
      dataProcessingAgreement: true,
      promotionsOptOut,
      language: currentLanguage(),
    };
    register.mutate(body, {
      onSuccess: () => openAuthDialog('signUpDone', { email: data.email }),
      onError: (error) => form.applyServerErrors(error),
    });
  };

  return (
    <Modal opened={opened} onClose={closeAuthDialog} title={t('auth.signUp.title')} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          {register.isError && generalError(register.error) && (
            <Alert color="red" title={t('auth.signUp.errorTitle')}>
              {describeError(t, register.error)}
            </Alert>
          )}
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
          <PolicyAgreements
            policy={policy}
            dataProcessing={dataProcessing}
            onPolicyChange={setPolicy}
            onDataProcessingChange={setDataProcessing}
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
          <Group gap={4} justify="center">
            <Text size="sm">{t('auth.signUp.haveAccount')}</Text>
            <Anchor component="button" type="button" size="sm" onClick={() => openAuthDialog('signIn')}>
              {t('auth.signIn.title')}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </Modal>
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
