import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DEALER_ROLES } from '@casebridge/shared/constants/roles';
import { dealerUserBodySchema, type DealerUser } from '@casebridge/shared/schemas/dealers';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useForm, type FormValues } from '../../../lib/use-form.ts';
import { useSaveDealerUser } from '../api/dealers-api.ts';
import { DealerSelect } from './dealer-pickers.tsx';

type Values = FormValues<typeof dealerUserBodySchema>;

/** The form's start: the edited user, or a new one of the default dealer (0, none chosen yet, the schema refuses). */
function initialValues(user: DealerUser | null, defaultDealerId: number | null): Values {
  if (!user) return { firstName: '', lastName: '', email: '', role: 'dealer', dealerId: defaultDealerId ?? 0, blocked: false };
  const { firstName, lastName, email, role, dealerId, blocked } = user;
  return { firstName, lastName, email, role, dealerId, blocked };
}

function DealerUserForm({
  user,
  defaultDealerId,
  onDone,
}: {
  user: DealerUser | null;
  defaultDealerId: number | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm({ initialValues: initialValues(user, defaultDealerId), schema: dealerUserBodySchema });
  const save = useSaveDealerUser();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const data = form.validate();
    if (!data) return;
    save.mutate(
      { id: user?.id ?? null, body: data },
      {
        onSuccess: () => {
          notifySuccess(t(user ? 'dealers.users.updated' : 'dealers.users.added'));
          onDone();
        },
        onError: (error) => {
          if (!form.applyServerErrors(error)) notifyError(t, error, t('common.errorOccurred'));
        },
      },
    );
  };

  const dealerId = Number(form.values.dealerId);
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label={t('fields.firstName')} required data-autofocus {...form.textProps('firstName')} />
        <TextInput label={t('fields.lastName')} required {...form.textProps('lastName')} />
        <TextInput
          label={t('fields.email')}
          type="email"
          required
          description={user ? undefined : t('dealers.users.invitationHint')}
          {...form.textProps('email')}
        />
        <Select
          label={t('dealers.users.role')}
          required
          data={DEALER_ROLES.map((role) => ({ value: role, label: t(`dealers.users.roles.${role}`) }))}
          value={form.values.role}
          onChange={(value) => value && form.setValue('role', value)}
          allowDeselect={false}
          error={form.errorText('role')}
          comboboxProps={{ withinPortal: true }}
        />
        <DealerSelect
          label={t('dealers.users.dealer')}
          required
          value={dealerId > 0 ? dealerId : null}
          onChange={(id) => form.setValue('dealerId', id ?? 0)}
          error={form.errorText('dealerId') && t('dealers.errors.selectDealer')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {user ? t('common.save') : t('common.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export type DealerUserDialogState = { mode: 'add' } | { mode: 'edit'; user: DealerUser } | null;

/** Add New User / edit a dealer user; the form starts afresh each time. */
export function DealerUserDialog({
  state,
  defaultDealerId,
  onClose,
}: {
  state: DealerUserDialogState;
  defaultDealerId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const user = state?.mode === 'edit' ? state.user : null;
  return (
    <Modal opened={state !== null} onClose={onClose} title={user ? t('dealers.users.edit') : t('dealers.users.add')} centered>
      {state && <DealerUserForm key={user?.id ?? 'new'} user={user} defaultDealerId={defaultDealerId} onDone={onClose} />}
    </Modal>
  );
}
