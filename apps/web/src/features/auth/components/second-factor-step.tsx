import { Alert, Button, Divider, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthResponse } from '@casebridge/shared/schemas/auth';
import type { SignInChallenge } from '@casebridge/shared/schemas/two-factor';
import { RecoveryCodes, TotpSetup } from '../../../components/totp-setup.tsx';
import { describeError } from '../../../lib/error-message.ts';
import { describePasskeyError } from '../../../lib/passkey-error.ts';
import { storeAuthResponse } from '../../../lib/session.ts';
import { authApi, signInEnrolmentQuery } from '../api/auth-api.ts';
import { answerWithPasskey } from '../api/passkey-sign-in.ts';

type Challenge = SignInChallenge['challenge'];

/** The sign-in's second step (ADR 0020): a passkey or a code for a `verify` challenge (ADR 0023), enrolment for an `enrol` one. */
export function SecondFactorStep({ challenge, onSignedIn }: { challenge: Challenge; onSignedIn: (auth: AuthResponse) => void }) {
  const { t } = useTranslation();
  if (challenge.kind === 'enrol') return <EnrolStep token={challenge.token} onSignedIn={onSignedIn} />;
  const hasCode = challenge.methods.includes('totp');
  return (
    <Stack>
      {challenge.passkeyOptions && <PasskeyStep challenge={challenge} onSignedIn={onSignedIn} />}
      {challenge.passkeyOptions && hasCode && <Divider label={t('passkeys.or')} />}
      {hasCode && <VerifyStep token={challenge.token} onSignedIn={onSignedIn} />}
    </Stack>
  );
}

/** The user has a passkey (ADR 0023): one press, and their authenticator answers the challenge. */
function PasskeyStep({ challenge, onSignedIn }: { challenge: Challenge; onSignedIn: (auth: AuthResponse) => void }) {
  const { t } = useTranslation();
  const verify = useSecondFactorCall(() => answerWithPasskey(challenge.token, challenge.passkeyOptions));
  return (
    <Stack>
      <Text size="sm">{t('passkeys.secondFactorPrompt')}</Text>
      {verify.isError && <Alert color="red">{describePasskeyError(t, verify.error)}</Alert>}
      <Button onClick={() => verify.mutate(undefined, { onSuccess: onSignedIn })} loading={verify.isPending}>
        {t('passkeys.useOne')}
      </Button>
    </Stack>
  );
}

function useSecondFactorCall<Vars>(call: (vars: Vars) => Promise<AuthResponse>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: (auth) => void storeAuthResponse(queryClient, auth) });
}

function VerifyStep({ token, onSignedIn }: { token: string; onSignedIn: (auth: AuthResponse) => void }) {
  const { t } = useTranslation();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const verify = useSecondFactorCall((value: string) => authApi.secondFactor(token, value));
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (code.trim()) verify.mutate(code.trim(), { onSuccess: onSignedIn });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{t(recovery ? 'twoFactor.recoveryPrompt' : 'twoFactor.codePrompt')}</Text>
        {verify.isError && <Alert color="red">{describeError(t, verify.error)}</Alert>}
        <TextInput
          label={t(recovery ? 'twoFactor.recoveryCode' : 'twoFactor.code')}
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          required
          data-autofocus
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <Switch label={t('twoFactor.useRecovery')} checked={recovery} onChange={(event) => setRecovery(event.currentTarget.checked)} />
        <Button type="submit" loading={verify.isPending}>
          {t('twoFactor.verify')}
        </Button>
      </Stack>
    </form>
  );
}

function EnrolStep({ token, onSignedIn }: { token: string; onSignedIn: (auth: AuthResponse) => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [done, setDone] = useState<(AuthResponse & { recoveryCodes: string[] }) | null>(null);
  const enrolment = useQuery(signInEnrolmentQuery(token));
  // Signed in only on "Continue": storing the session at once would leave the page before the codes were read.
  const queryClient = useQueryClient();
  const confirm = useMutation({ mutationFn: (value: string) => authApi.confirmEnrolment(token, value) });
  if (done) {
    const proceed = () => {
      storeAuthResponse(queryClient, done);
      onSignedIn(done);
    };
    return (
      <Stack>
        <RecoveryCodes codes={done.recoveryCodes} />
        <Button onClick={proceed}>{t('twoFactor.proceed')}</Button>
      </Stack>
    );
  }
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (code.trim()) confirm.mutate(code.trim(), { onSuccess: setDone });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{t('twoFactor.enrolRequired')}</Text>
        {enrolment.isError && <Alert color="red">{describeError(t, enrolment.error)}</Alert>}
        {enrolment.data && <TotpSetup uri={enrolment.data.uri} secret={enrolment.data.secret} />}
        {confirm.isError && <Alert color="red">{describeError(t, confirm.error)}</Alert>}
        <TextInput
          label={t('twoFactor.code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <Button type="submit" loading={confirm.isPending} disabled={!enrolment.data}>
          {t('twoFactor.confirm')}
        </Button>
      </Stack>
    </form>
  );
}
