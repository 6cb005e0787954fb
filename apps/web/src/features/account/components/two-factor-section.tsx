import { Alert, Badge, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TotpEnrolment } from '@casebridge/shared/schemas/two-factor';
import { RecoveryCodes, TotpSetup } from '../../../components/totp-setup.tsx';
import { describeError } from '../../../lib/error-message.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useConfirmTotp, useDisableTotp, useStartTotp, useTwoFactorStatus } from '../api/two-factor-api.ts';

/** Account page: "Two-factor sign-in" with an authenticator app (ADR 0020). */
export function TwoFactorSection() {
  const { t } = useTranslation();
  const status = useTwoFactorStatus();
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <Stack maw={520} aria-labelledby="two-factor-title" component="section">
      <Group gap="xs">
        <Title order={2} size="h4" id="two-factor-title">
          {t('twoFactor.title')}
        </Title>
        {status.data && <Badge color={status.data.totp ? 'teal' : 'gray'}>{t(status.data.totp ? 'twoFactor.on' : 'twoFactor.off')}</Badge>}
      </Group>
      <Text size="sm">{t('twoFactor.explain')}</Text>
      {status.data?.required && !status.data.totp && <Alert color="yellow">{t('twoFactor.requiredNotice')}</Alert>}
      {codes && (
        <Stack>
          <RecoveryCodes codes={codes} />
          <Button variant="default" onClick={() => setCodes(null)}>
            {t('twoFactor.codesSaved')}
          </Button>
        </Stack>
      )}
      {!codes && status.data && !status.data.totp && <EnrolForm onEnrolled={setCodes} />}
      {!codes && status.data?.totp && (
        <>
          <Text size="sm">{t('twoFactor.codesLeft', { left: status.data.recoveryCodesLeft })}</Text>
          <DisableForm />
        </>
      )}
    </Stack>
  );
}

function EnrolForm({ onEnrolled }: { onEnrolled: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [code, setCode] = useState('');
  if (!enrolment) {
    return (
      <Group>
        {start.isError && <Alert color="red">{describeError(t, start.error)}</Alert>}
        <Button loading={start.isPending} onClick={() => start.mutate(undefined, { onSuccess: setEnrolment })}>
          {t('twoFactor.enrol')}
        </Button>
      </Group>
    );
  }
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (code.trim()) confirm.mutate(code.trim(), { onSuccess: ({ recoveryCodes }) => onEnrolled(recoveryCodes) });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TotpSetup uri={enrolment.uri} secret={enrolment.secret} />
        {confirm.isError && <Alert color="red">{describeError(t, confirm.error)}</Alert>}
        <TextInput
          label={t('twoFactor.code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <Button type="submit" loading={confirm.isPending}>
          {t('twoFactor.confirm')}
        </Button>
      </Stack>
    </form>
  );
}

/** Turning it off asks the password and a code: what a borrowed, open session does not have. */
function DisableForm() {
  const { t } = useTranslation();
  const disable = useDisableTotp();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!password || !code.trim()) return;
    disable.mutate({ password, code: code.trim() }, { onSuccess: () => notifySuccess(t('twoFactor.disabled')) });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('twoFactor.disable')}>
      <Stack>
        {disable.isError && <Alert color="red">{describeError(t, disable.error)}</Alert>}
        <PasswordInput
          label={t('fields.password')}
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <TextInput
          label={t('twoFactor.codeOrRecovery')}
          autoComplete="one-time-code"
          required
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        <Group>
          <Button type="submit" color="red" variant="light" loading={disable.isPending}>
            {t('twoFactor.disable')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
