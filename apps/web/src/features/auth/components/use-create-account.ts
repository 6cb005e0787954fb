import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { accountCreationBodySchema } from '@casebridge/shared/schemas/auth';
import { type AuthDialogOptions, closeAuthDialog, openAuthDialog } from '../../../lib/auth-dialog-store.ts';
import { useAfterInvitationAccepted } from '../../../lib/use-after-sign-in.ts';
import { useForm } from '../../../lib/use-form.ts';
import { blankAsAbsent } from '../../../lib/form-schemas.ts';
import { authApi, invitedEmailQuery, useAuthMutation, type AccountCreationBody } from '../api/auth-api.ts';

// The request's rules under the form's names; a blank company name is left out of the request.
const { identifier, password, companyName } = accountCreationBodySchema.shape;
const schema = z.object({ email: identifier, password, companyName: blankAsAbsent(companyName) });

export type Outcome = 'none' | 'emailTaken' | 'confirmationSent';

/** The invitation's address and role, filled into the form's email once known. */
function useInvitedAddress(opened: boolean, token: string, setValue: (field: 'email', value: string) => void) {
  const invited = useQuery({ ...invitedEmailQuery(token), enabled: opened && token !== '' });
  const invitedEmail = invited.data?.emailByConfirmationToken ?? '';
  useEffect(() => {
    if (invitedEmail) setValue('email', invitedEmail);
  }, [invitedEmail, setValue]);
  return invited;
}

/**
 * The invitation dialog's state (spec §2): the invited address, creating the account under it,
 * or moving the invitation to another address, and the way to an existing account instead.
 */
export function useCreateAccount(opened: boolean, options: AuthDialogOptions) {
  const afterInvitation = useAfterInvitationAccepted();
  const token = options.confirmationToken ?? '';
  const millId = options.invitedMillId ?? 0;
  const form = useForm({ initialValues: { email: '', password: '', companyName: '' }, schema });
  const [outcome, setOutcome] = useState<Outcome>('none');
  const tokenEmail = useInvitedAddress(opened, token, form.setValue);
  const invitedEmail = tokenEmail.data?.emailByConfirmationToken ?? '';
  // Only an invited lab names its company; mill staff join a company that already exists.
  const asksCompany = tokenEmail.data?.roleType === 'lab';

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
    createAccount(data).catch((error: unknown) => form.applyServerErrors(error, { fields: { identifier: 'email' } }));
  };

  const connectExisting = () =>
    openAuthDialog('signIn', {
      linkToAnExistingAccount: true,
      confirmationToken: token,
      invitedMillId: millId,
      email: form.values.email,
    });

  const failure = tokenEmail.error ?? checkEmail.error ?? create.error ?? resend.error;
  const pending = create.isPending || resend.isPending || checkEmail.isPending;
  return {
    form,
    outcome,
    invitedEmail,
    asksCompany,
    emailChanged,
    accountExists: tokenEmail.data?.accountExists === true,
    failure,
    pending,
    submit,
    connectExisting,
  };
}
