import { Button, Fieldset, Group, Select, Stack, Switch } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@casebridge/shared/constants/languages';
import { REMINDER_FREQUENCIES, REMINDER_LEAD_DAYS, type ReminderFrequency } from '@casebridge/shared/schemas/auth';
import { PAGE_SIZES } from '@casebridge/shared/constants/paging';
import { STORAGE_KEYS } from '@casebridge/shared/constants/storage-keys';
import { Loading } from '../../../components/loading.tsx';
import { Page } from '../../../components/page.tsx';
import { useUnsavedChangesGuard } from '../../../components/use-unsaved-changes-guard.ts';
import { currentLanguage, LANGUAGE_NAMES } from '../../../lib/i18n.ts';
import { writeStorage } from '../../../lib/local-storage.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useSaveDealerSettings } from '../api/dealers-api.ts';

/**
 * Spec §2 dealer settings: page size, language, and the ticket-expiry reminders (on or off, how many
 * days ahead, how often). The reminder settings are stored with the user's other settings; the
 * reminders themselves are sent by the tickets' reminder job (issue 14).
 */
export function DealerSettingsPage() {
  const { t } = useTranslation();
  const { session } = useSession();
  if (!session) return <Loading />;
  return (
    <Page title={t('dealers.settings.title')}>
      <DealerSettingsForm
        saved={{
          pageSize: session.user.userSettings.pageSize,
          language: currentLanguage(),
          reminder: session.user.userSettings.ticketExpiryReminder,
          reminderDays: session.user.userSettings.ticketExpiryReminderDays,
          reminderFrequency: session.user.userSettings.ticketExpiryReminderFrequency,
        }}
      />
    </Page>
  );
}

interface DealerSettings {
  pageSize: number;
  language: Language;
  reminder: boolean;
  reminderDays: number;
  reminderFrequency: ReminderFrequency;
}

function DealerSettingsForm({ saved }: { saved: DealerSettings }) {
  const { t } = useTranslation();
  const [values, setValues] = useState(saved);
  const set = <K extends keyof DealerSettings>(key: K, value: DealerSettings[K]) => setValues((current) => ({ ...current, [key]: value }));
  const save = useSaveDealerSettings();
  useUnsavedChangesGuard((Object.keys(saved) as (keyof DealerSettings)[]).some((key) => values[key] !== saved[key]));
  const { pageSize, language } = values;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        pageSize,
        language,
        ticketExpiryReminder: values.reminder,
        ticketExpiryReminderDays: values.reminderDays,
        ticketExpiryReminderFrequency: values.reminderFrequency,
      },
      {
        onSuccess: () => {
          // Every list uses the stored size first (use-paging.ts): the new setting replaces it.
          writeStorage(STORAGE_KEYS.pageSize, String(pageSize));
          notifySuccess(t('dealers.settings.saved'));
          if (language !== saved.language) {
            // Spec §2: the app's language changes with the setting, as with the header's language menu.
            writeStorage(STORAGE_KEYS.language, language);
            window.location.reload();
          }
        },
        onError: (error) => notifyError(t, error),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={420}>
        <Select label={t('dealers.settings.pageSize')} data={PAGE_SIZES.map(String)} value={String(pageSize)} onChange={(value) => value && set('pageSize', Number(value))} allowDeselect={false} />
        <Select
          label={t('dealers.settings.language')}
          data={LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
          value={language}
          onChange={(value) => value && set('language', value as Language)}
          allowDeselect={false}
        />
        <Fieldset legend={t('dealers.settings.reminders')}>
          <Stack gap="sm">
            <Switch label={t('dealers.settings.reminderOn')} checked={values.reminder} onChange={(event) => set('reminder', event.currentTarget.checked)} />
            <Select
              label={t('dealers.settings.reminderDays')}
              data={REMINDER_LEAD_DAYS.map((days) => ({ value: String(days), label: t('dealers.settings.daysAhead', { count: days }) }))}
              value={String(values.reminderDays)}
              onChange={(value) => value && set('reminderDays', Number(value))}
              disabled={!values.reminder}
              allowDeselect={false}
            />
            <Select
              label={t('dealers.settings.reminderFrequency')}
              data={REMINDER_FREQUENCIES.map((frequency) => ({ value: frequency, label: t(`dealers.settings.frequency.${frequency}`) }))}
              value={values.reminderFrequency}
              onChange={(value) => value && set('reminderFrequency', value as ReminderFrequency)}
              disabled={!values.reminder}
              allowDeselect={false}
            />
          </Stack>
        </Fieldset>
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
