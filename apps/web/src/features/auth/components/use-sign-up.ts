import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { normaliseLicenceKey } from '@casebridge/shared/constants/licence-key';
import { registerBodySchema } from '@casebridge/shared/schemas/auth';
import type { Consent } from '../../../components/agreement-checkbox.tsx';
import { openAuthDialog } from '../../../lib/auth-dialog-store.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useForm } from '../../../lib/use-form.ts';
import { authApi, type RegisterBody } from '../api/auth-api.ts';

const schema = registerBodySchema.pick({ firstName: true, lastName: true, email: true, password: true, activationKey: true });

const initialValues = { firstName: '', lastName: '', email: '', password: '', activationKey: '' };

/** The sign-up dialog's state: the fields, the two agreements and the promotions choice, and the registration. */
export function useSignUp() {
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

  const consents = { policy, dataProcessing, setPolicy, setDataProcessing, attempted };
  return { form, consents, promotionsOptOut, setPromotionsOptOut, register, submit };
}
