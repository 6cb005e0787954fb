import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MILL_ROLES, type MillRole } from '@casebridge/shared/constants/roles';
import { millUserBodySchema, type MillUser } from '@casebridge/shared/schemas/mill-users';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useForm } from '../../../lib/use-form.ts';
import { useAddMillUser, useUpdateMillUser } from '../api/mill-users-api.ts';

type Values = { firstName: string; lastName: string; email: string; millRole: MillRole };

function MillUserForm({ millId, user, onDone }: { millId: number; user: MillUser | null; onDone: () => void }) {
  const { t } = useTranslation();
  const initial: Values = user
    ? { firstName: user.firstName, lastName: user.lastName, email: user.email, millRole: user.millRole }
    : { firstName: '', lastName: '', email: '', millRole: 'user' };
  const form = useForm({ initialValues: initial, schema: millUserBodySchema });
  const add = useAddMillUser(millId);
  const update = useUpdateMillUser(millId);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const data = form.validate();
    if (!data) return;
    const outcome = {
      onSuccess: () => {
        notifySuccess(t(user ? 'millUsers.updated' : 'millUsers.added'));
        onDone();
      },
      onError: (error: Error) => {
        if (!form.applyServerErrors(error)) notifyError(t, error, t('common.errorOccurred'));
      },
    };
    if (user) update.mutate({ id: user.id, body: data }, outcome);
    else add.mutate(data, outcome);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label={t('fields.firstName')} required data-autofocus {...form.textProps('firstName')} />
        <TextInput label={t('fields.lastName')} required {...form.textProps('lastName')} />
        <TextInput
          label={t('fields.email')}
          type="email"
          required
          description={user ? undefined : t('millUsers.invitationHint')}
          {...form.textProps('email')}
        />
        <Select
          label={t('millUsers.role')}
          required
          data={MILL_ROLES.map((role) => ({ value: role, label: t(`millUsers.roles.${role}`) }))}
          value={form.values.millRole}
          onChange={(value) => value && form.setValue('millRole', value)}
          allowDeselect={false}
          error={form.errorText('millRole')}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={add.isPending || update.isPending}>
            {user ? t('common.save') : t('common.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export type MillUserDialogState = { mode: 'add' } | { mode: 'edit'; user: MillUser } | null;

/** Add or edit a mill user ('Add user' / 'Edit user'); the form starts afresh each time. */
export function MillUserDialog({ millId, state, onClose }: { millId: number; state: MillUserDialogState; onClose: () => void }) {
  const { t } = useTranslation();
  const user = state?.mode === 'edit' ? state.user : null;
  return (
    <Modal opened={state !== null} onClose={onClose} title={user ? t('millUsers.edit') : t('millUsers.add')} centered>
      {state && <MillUserForm key={user?.id ?? 'new'} millId={millId} user={user} onDone={onClose} />}
    </Modal>
  );
}
