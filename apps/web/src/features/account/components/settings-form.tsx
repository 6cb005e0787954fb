import { Button, Group, Select, Stack, Switch, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@casebridge/shared/constants/paging';
import { userSettingsSchema, type User, type UserSettings } from '@casebridge/shared/schemas/auth';
import { useUnsavedChangesGuard } from '../../../components/use-unsaved-changes-guard.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useForm, type FormValues } from '../../../lib/use-form.ts';
import { useSaveSettings } from '../api/account-api.ts';

const NOTIFICATION_SETTINGS = [
  'notificationOnNewProjectIsCreated',
  'sendEmailOnNewProjectIsCreated',
  'notificationOnNewMessageReceived',
  'sendEmailOnNewMessageReceived',
  'notificationOnOrderProcessStart',
  'notificationOnOrderProcessCompleted',
] as const;

/** Country codes whose date format a report can use (spec §3: reportDateFormat is a country code). */
const REPORT_DATE_FORMATS = ['de', 'at', 'ch', 'fr', 'it', 'es', 'pl', 'gb', 'us'] as const;

/** The language has its own menu; this form holds every other setting. */
const schema = userSettingsSchema.omit({ language: true });

type SettingsValues = FormValues<typeof schema>;

function settingsToValues(settings: UserSettings): SettingsValues {
  const { language: _language, ...rest } = settings;
  return rest;
}

/** Which settings a workspace shows: spec §2 gives mill users folder structure and report date format. */
export function visibleSettings(isMillUser: boolean) {
  return { pageSize: !isMillUser, reportDateFormat: isMillUser, folderStructure: true };
}

export function SettingsForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const form = useForm({ initialValues: settingsToValues(user.userSettings), schema });
  const save = useSaveSettings();
  const show = visibleSettings(user.role.type === 'mill');
  useUnsavedChangesGuard(form.dirty);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const data = form.validate();
    if (!data) return;
    const body: Partial<UserSettings> = { ...data };
    if (!show.pageSize) delete body.pageSize;
    if (!show.reportDateFormat) delete body.reportDateFormat;
    save.mutate(body, {
      onSuccess: (saved) => {
        form.reset(settingsToValues(saved.userSettings));
        notifySuccess(t('settings.saved'));
      },
      onError: (error) => notifyError(t, error),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="settings-form-title">
      <Stack maw={520}>
        <Title order={2} size="h4" id="settings-form-title">
          {t('settings.title')}
        </Title>
        <Stack gap="xs" role="group" aria-label={t('settings.notifications')}>
          {NOTIFICATION_SETTINGS.map((key) => (
            <Switch
              key={key}
              label={t(`settings.${key}`)}
              checked={form.values[key]}
              onChange={(event) => form.setValue(key, event.currentTarget.checked)}
            />
          ))}
        </Stack>
        {show.pageSize && (
          <Select
            label={t('settings.pageSize')}
            data={PAGE_SIZES.map((size) => String(size))}
            value={String(form.values.pageSize)}
            onChange={(value) => value && form.setValue('pageSize', Number(value))}
            allowDeselect={false}
          />
        )}
        <Select
          label={t('settings.folderStructure')}
          data={[
            { value: 'flat', label: t('settings.folderFlat') },
            { value: 'hierarchical', label: t('settings.folderHierarchical') },
          ]}
          value={form.values.projectDownloadFolderStructure}
          onChange={(value) => value && form.setValue('projectDownloadFolderStructure', value)}
          allowDeselect={false}
        />
        {show.reportDateFormat && (
          <Select
            label={t('settings.reportDateFormat')}
            data={REPORT_DATE_FORMATS.map((code) => ({ value: code, label: t(`settings.dateFormats.${code}`) }))}
            value={form.values.reportDateFormat}
            onChange={(value) => value && form.setValue('reportDateFormat', value)}
            allowDeselect={false}
          />
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
