import { Alert, Button, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { accountCreationBodySchema } from '@casebridge/shared/schemas/auth';
import { type AuthDialogOptions, closeAuthDialog, openAuthDialog } from '../../../lib/auth-dialog-store.ts';
import { describeError } from '../../../lib/error-message.ts';
import { useAfterInvitationAccepted } from '../../../lib/use-after-sign-in.ts';
import { useForm } from '../../../lib/use-form.ts';
import { blankAsAbsent } from '../../../lib/form-schemas.ts';
import { authApi, useAuthMutation, type AccountCreationBody } from '../api/auth-api.ts';

// The request's rules under the form's names; a blank company name is left out of the request.
const { identifier, password, companyName } = accountCreationBodySchema.shape;
const schema = z.object({ email: identifier, password, companyName: blankAsAbsent(companyName) });

type Outcome = 'none' | 'emailTaken' | 'confirmationSent';

/** The invitation dialog of spec §2 for a visitor who is not signed in. */
export function CreateAccountDialog({ opened, options }: { opened: boolean; options: AuthDialogOptions }) {
  const { t } = useTranslation();
  const afterInvitation = useAfterInvitationAccepted();
  const token = options.confirmationToken ?? '';
  const millId = options.invitedMillId ?? 0;
  const form = useForm({ initialValues: { email: '', password: '', companyName: '' }, schema });
  const [outcome, setOutcome] = useState<Outcome>('none');
  const tokenEmail = useQuery({
    queryKey: ['auth', 'email-by-token', token],
    queryFn: () => authApi.emailByToken(token),
    enabled: opened && token !== '',
  });
  const invitedEmail = tokenEmail.data?.emailByConfirmationToken ?? '';
  // Only an invited lab names its company; mill staff join a company that already exists.
  const asksCompany = tokenEmail.data?.roleType === 'lab';
  const { setValue } = form;

  useEffect(() => {
    if (invitedEmail) setValue('email', invitedEmail);
  }, [invitedEmail, setValue]);

  const create = useAuthMutation((body: AccountCreationBody) => authApi.createAccount(body));
  const resend = useMutation({ mutationFn: (email: string) => authApi.resendConfirmation(token, email) });
  const checkEmail = useMutation({ mutationFn: (email: string) => authApi.checkUniqueEmail(email) });
  // Spec §2: another address than the invited one must be confirmed by mail first.
  const emailChanged = invitedEmail !== '' && form.values.email.trim().toLowerCase() !== invitedEmail.toLowerCase();

  // The invited address belongs to the invitation's own (not yet active) account, so only
  // another address is checked for uniqueness (spec §4: a taken one offers the existing account).
  const createAccount = async (data: z.infer<typeof schema>) => {
    const companyName = asksCompany ? data.companyName : undefined;
    const auth = await create.mutateAsync({
      identifier: data.email,
      password: data.password,
      companyName,
      confirmationToken: token,
      millId,
    });
    closeAuthDialog();
    afterInvitation(auth, millId);
  };

  const moveInvitation = async (email: string) => {
    const { emailIsTaken } = await checkEmail.mutateAsync(email);
    if (emailIsTaken) {
      setOutcome('emailTaken');
      return;
    }
    resend.mutate(email, { onSuccess: () => setOutcome('confirmationSent') });
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setOutcome('none');
    const data = form.validate();
    if (!data) return;
    if (emailChanged) {
      void moveInvitation(data.email);
      return;
    }
    createAccount(data).catch((error: unknown) => form.applyServerErrors(error, { identifier: 'email' }));
  };

  const connectExisting = () =>
    openAuthDialog('signIn', {
      linkToAnExistingAccount: true,
      confirmationToken: token,
      invitedMillId: millId,
      email: form.values.email,
    });

  const failure = tokenEmail.error ?? checkEmail.error ?? create.error ?? resend.error;

  // The invited address already has an account: the lab agrees by signing in, nothing to create.
  if (tokenEmail.data?.accountExists) {
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
          {outcome === 'emailTaken' && (
            <Alert color="yellow" title={t('auth.createAccount.emailTaken')}>
              <Stack gap="xs">
                <Text size="sm">{t('auth.createAccount.connectExistingHint')}</Text>
                <Button variant="light" onClick={connectExisting}>
                  {t('auth.createAccount.connectExisting')}
                </Button>
              </Stack>
            </Alert>
          )}
          {outcome === 'confirmationSent' && (
            <Alert color="green" role="status">
              {t('auth.createAccount.confirmationSent')}
            </Alert>
          )}
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
          <Button type="submit" loading={create.isPending || resend.isPending || checkEmail.isPending}>
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
