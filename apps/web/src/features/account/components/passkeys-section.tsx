import { Alert, Button, Card, Group, Loader, Modal, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { maxLengthOf } from '@casebridge/shared/schemas/max-length';
import { passkeyNameSchema, passkeyOptionsBodySchema, type Passkey } from '@casebridge/shared/schemas/passkeys';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { describeError } from '../../../lib/error-message.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { describePasskeyError } from '../../../lib/passkey-error.ts';
import { useForm } from '../../../lib/use-form.ts';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from '../api/passkeys-api.ts';

/** Adding asks the password (ADR 0023); renaming only the name, whose rule is the request's. */
const addSchema = z.object({ name: passkeyNameSchema, password: passkeyOptionsBodySchema.shape.password });
const renameSchema = z.object({ name: passkeyNameSchema, password: z.string() });
const NAME_MAX = maxLengthOf(passkeyNameSchema);

/** A name for a passkey, in a small dialog: adding asks the password too (ADR 0023), renaming only the name. */
function NameDialog({ passkey, onClose }: { passkey: Passkey | null; onClose: () => void }) {
  const { t } = useTranslation();
  const add = useAddPasskey();
  const rename = useRenamePasskey();
  const form = useForm({ initialValues: { name: passkey?.name ?? '', password: '' }, schema: passkey ? renameSchema : addSchema });
  const pending = add.isPending || rename.isPending;
  const error = add.error ?? rename.error;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const data = form.validate();
    if (!data) return;
    const done = () => {
      notifySuccess(t(passkey ? 'passkeys.renamed' : 'passkeys.added'));
      onClose();
    };
    if (passkey) rename.mutate({ id: passkey.id, name: data.name }, { onSuccess: done });
    else add.mutate({ name: data.name, password: data.password }, { onSuccess: done });
  };
  return (
    <Modal opened onClose={onClose} title={t(passkey ? 'passkeys.renameTitle' : 'passkeys.addTitle')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          {!passkey && <Text size="sm">{t('passkeys.addExplain')}</Text>}
          {error && <Alert color="red">{describePasskeyError(t, error)}</Alert>}
          <TextInput
            label={t('passkeys.name')}
            description={t('passkeys.nameHint')}
            required
            maxLength={NAME_MAX}
            data-autofocus
            {...form.textProps('name')}
          />
          {!passkey && (
            <PasswordInput label={t('fields.currentPassword')} autoComplete="current-password" required {...form.textProps('password')} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {t(passkey ? 'passkeys.save' : 'passkeys.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

interface RowProps {
  passkey: Passkey;
  removing: boolean;
  onRename: () => void;
  onRemove: () => void;
}

function PasskeyRow({ passkey, removing, onRename, onRemove }: RowProps) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="sm" component="li" aria-label={passkey.name}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Text fw={600}>{passkey.name}</Text>
          <Text size="sm" c="dimmed">
            {passkey.lastUsedAt
              ? t('passkeys.details', { created: formatDateTime(passkey.createdAt), used: formatDateTime(passkey.lastUsedAt) })
              : t('passkeys.neverUsed', { created: formatDateTime(passkey.createdAt) })}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={onRename} aria-label={t('passkeys.renameNamed', { name: passkey.name })}>
            {t('passkeys.rename')}
          </Button>
          <Button
            variant="default"
            color="red"
            size="xs"
            loading={removing}
            onClick={onRemove}
            aria-label={t('passkeys.removeNamed', { name: passkey.name })}
          >
            {t('passkeys.remove')}
          </Button>
        </Group>
      </Group>
    </Card>
  );
}

/** Account page, security: the user's passkeys (ADR 0023); one counts as a second factor and signs in without a password. */
export function PasskeysSection() {
  const { t } = useTranslation();
  const passkeys = usePasskeys();
  // Here, not in the row: the row goes with the list's refresh, and a mutation's own callbacks
  // die with the component that started it, so the notice after a removal never showed.
  const remove = useRemovePasskey();
  const confirmRemove = (passkey: Passkey) =>
    openConfirmDialog({
      title: t('passkeys.removeTitle'),
      message: t('passkeys.removeMessage', { name: passkey.name }),
      confirmLabel: t('passkeys.remove'),
      cancelLabel: t('common.cancel'),
      danger: true,
      onConfirm: () =>
        remove.mutate(passkey.id, { onSuccess: () => notifySuccess(t('passkeys.removed')), onError: (error) => notifyError(t, error) }),
    });
  // undefined: no dialog; null: adding; a passkey: renaming it.
  const [editing, setEditing] = useState<Passkey | null | undefined>(undefined);
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;
  return (
    <Stack maw={720} aria-labelledby="passkeys-title" component="section">
      <Title order={2} size="h4" id="passkeys-title">
        {t('passkeys.title')}
      </Title>
      <Text size="sm">{t('passkeys.explain')}</Text>
      {passkeys.isPending && <Loader size="sm" aria-label={t('common.loading')} />}
      {passkeys.isError && (
        <Alert color="red" title={t('common.errorTitle')}>
          {describeError(t, passkeys.error)}
        </Alert>
      )}
      {passkeys.data?.passkeys.length === 0 && <Text c="dimmed">{t('passkeys.empty')}</Text>}
      {passkeys.data && passkeys.data.passkeys.length > 0 && (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {passkeys.data.passkeys.map((passkey) => (
            <PasskeyRow
              key={passkey.id}
              passkey={passkey}
              removing={remove.isPending && remove.variables === passkey.id}
              onRename={() => setEditing(passkey)}
              onRemove={() => confirmRemove(passkey)}
            />
          ))}
        </Stack>
      )}
      {!supported && <Alert color="yellow">{t('passkeys.unsupported')}</Alert>}
      <Group>
        <Button variant="outline" onClick={() => setEditing(null)} disabled={!supported}>
          {t('passkeys.add')}
        </Button>
      </Group>
      {editing !== undefined && <NameDialog passkey={editing} onClose={() => setEditing(undefined)} />}
    </Stack>
  );
}
