import { Badge, Button, Fieldset, Group, Select, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@casebridge/shared/constants/languages';
import { settingsBodySchema } from '@casebridge/shared/schemas/account';
import { REMINDER_FREQUENCIES, REMINDER_LEAD_DAYS } from '@casebridge/shared/schemas/auth';
import { PAGE_SIZES } from '@casebridge/shared/constants/paging';
import { REMINDER_STAGES } from '@casebridge/shared/schemas/ticket-reminders';
import { STORAGE_KEYS } from '@casebridge/shared/constants/storage-keys';
import { Loading } from '../../../components/loading.tsx';
import { Page } from '../../../components/page.tsx';
import { useUnsavedChangesGuard } from '../../../components/use-unsaved-changes-guard.ts';
import { currentLanguage, LANGUAGE_NAMES } from '../../../lib/i18n.ts';
import { writeStorage } from '../../../lib/local-storage.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useForm, type Form, type FormValues } from '../../../lib/use-form.ts';
import { reminderPreviewQuery, useSaveDealerSettings } from '../api/dealers-api.ts';

/**
 * Spec §2 dealer settings: page size, language, and the ticket-expiry reminders (on or off, how many
 * days ahead, how often). The reminder settings are stored with the user's other settings; the
 * reminders themselves are sent by the tickets' reminder job (issue 14). `children`: the sections of
 * other features the app layer adds below the form (two-factor sign-in).
 */
export function DealerSettingsPage({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const { session } = useSession();
  if (!session) return <Loading />;
  const settings = session.user.userSettings;
  return (
    <Page title={t('dealers.settings.title')}>
      <DealerSettingsForm
        saved={{
          pageSize: settings.pageSize,
          language: currentLanguage(),
          ticketExpiryReminder: settings.ticketExpiryReminder,
          ticketExpiryReminderDays: settings.ticketExpiryReminderDays,
          ticketExpiryReminderFrequency: settings.ticketExpiryReminderFrequency,
        }}
      />
      {children}
      <ReminderPreviewSection />
    </Page>
  );
}

/** The settings a dealer user changes here: the request's own fields, so the form is checked with its rules. */
const dealerSettingsSchema = settingsBodySchema.pick({
  pageSize: true,
  language: true,
  ticketExpiryReminder: true,
  ticketExpiryReminderDays: true,
  ticketExpiryReminderFrequency: true,
});

type DealerSettingsForm = Form<typeof dealerSettingsSchema>;

function DealerSettingsForm({ saved }: { saved: FormValues<typeof dealerSettingsSchema> }) {
  const { t } = useTranslation();
  const form = useForm({ initialValues: saved, schema: dealerSettingsSchema });
  const save = useSaveDealerSettings();
  useUnsavedChangesGuard(form.dirty);
  const { values } = form;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const data = form.validate();
    if (!data) return;
    save.mutate(data, {
      onSuccess: () => {
        form.reset(values);
        // Every list uses the stored size first (use-paging.ts): the new setting replaces it.
        writeStorage(STORAGE_KEYS.pageSize, String(values.pageSize));
        notifySuccess(t('dealers.settings.saved'));
        if (values.language !== saved.language) {
          // Spec §2: the app's language changes with the setting, as with the header's language menu.
          writeStorage(STORAGE_KEYS.language, values.language);
          window.location.reload();
        }
      },
      onError: (error) => notifyError(t, error),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={420}>
        <Select
          label={t('dealers.settings.pageSize')}
          data={PAGE_SIZES.map(String)}
          value={String(values.pageSize)}
          onChange={(value) => value && form.setValue('pageSize', Number(value))}
          allowDeselect={false}
        />
        <Select
          label={t('dealers.settings.language')}
          data={LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
          value={values.language}
          onChange={(value) => value && form.setValue('language', value)}
          allowDeselect={false}
        />
        <ReminderFields form={form} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Issue 14 item 4: whether, how early and how often ticket expiry reminders come. */
function ReminderFields({ form }: { form: DealerSettingsForm }) {
  const { t } = useTranslation();
  const { values } = form;
  return (
    <Fieldset legend={t('dealers.settings.reminders')}>
      <Stack gap="sm">
        <Switch
          label={t('dealers.settings.reminderOn')}
          checked={values.ticketExpiryReminder}
          onChange={(event) => form.setValue('ticketExpiryReminder', event.currentTarget.checked)}
        />
        <Select
          label={t('dealers.settings.reminderDays')}
          data={REMINDER_LEAD_DAYS.map((days) => ({ value: String(days), label: t('dealers.settings.daysAhead', { count: days }) }))}
          value={String(values.ticketExpiryReminderDays)}
          onChange={(value) => value && form.setValue('ticketExpiryReminderDays', Number(value))}
          disabled={!values.ticketExpiryReminder}
          allowDeselect={false}
        />
        <Select
          label={t('dealers.settings.reminderFrequency')}
          data={REMINDER_FREQUENCIES.map((frequency) => ({ value: frequency, label: t(`dealers.settings.frequency.${frequency}`) }))}
          value={values.ticketExpiryReminderFrequency}
          onChange={(value) => value && form.setValue('ticketExpiryReminderFrequency', value)}
          disabled={!values.ticketExpiryReminder}
          allowDeselect={false}
        />
      </Stack>
    </Fieldset>
  );
}

/** A UTC day (YYYY-MM-DD) as spec §9 shows dates, without a time zone shifting it. */
function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
}

/**
 * Issue 14 item 4: what the next reminder will hold, from the saved settings, as the reminder job
 * would send it on that day: its date and the tickets of each stage (upcoming, expired, overdue).
 */
function ReminderPreviewSection() {
  const { t } = useTranslation();
  const preview = useQuery(reminderPreviewQuery);
  const data = preview.data;
  const total = data?.enabled ? REMINDER_STAGES.reduce((sum, stage) => sum + data[stage].count, 0) : 0;
  return (
    <Stack component="section" aria-labelledby="reminder-preview-title" mt="xl" maw={760} gap="sm">
      <Title order={3} id="reminder-preview-title">
        {t('ticketReminders.preview.title')}
      </Title>
      {preview.isPending ? (
        <Loading />
      ) : preview.isError || !data ? (
        <Text c="red">{t('ticketReminders.preview.failed')}</Text>
      ) : !data.enabled || !data.nextDigestOn ? (
        <Text c="dimmed">{t('ticketReminders.preview.off')}</Text>
      ) : (
        <>
          <Text>{t('ticketReminders.preview.next', { date: formatDay(data.nextDigestOn) })}</Text>
          {total === 0 ? (
            <Text c="dimmed">{t('ticketReminders.preview.empty')}</Text>
          ) : (
            REMINDER_STAGES.filter((stage) => data[stage].count > 0).map((stage) => (
              <Stack key={stage} gap={4}>
                <Group gap="xs">
                  <Text fw={600}>{t(`ticketReminders.preview.stage.${stage}`, { days: data.leadDays })}</Text>
                  <Badge variant="light">{data[stage].count}</Badge>
                </Group>
                <Table aria-label={t(`ticketReminders.preview.stage.${stage}`, { days: data.leadDays })}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('ticketReminders.preview.ticket')}</Table.Th>
                      <Table.Th>{t('ticketReminders.preview.product')}</Table.Th>
                      <Table.Th>{t('ticketReminders.preview.dealer')}</Table.Th>
                      <Table.Th>{t('ticketReminders.preview.expiry')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data[stage].tickets.map((ticket) => (
                      <Table.Tr key={ticket.id}>
                        <Table.Td>{ticket.key}</Table.Td>
                        <Table.Td>{ticket.product || '–'}</Table.Td>
                        <Table.Td>{ticket.dealerName}</Table.Td>
                        <Table.Td>{formatDay(ticket.licenceExpiry)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
                {data[stage].count > data[stage].tickets.length && (
                  <Text size="sm" c="dimmed">
                    {t('ticketReminders.preview.more', { count: data[stage].count - data[stage].tickets.length })}
                  </Text>
                )}
              </Stack>
            ))
          )}
        </>
      )}
    </Stack>
  );
}
