import { Button, Group, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@casebridge/shared/constants/languages';
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
 * Spec §2 dealer settings: page size and language. The ticket-expiry reminders belong to the
 * tickets, which have no API yet, so they are not offered here.
 */
export function DealerSettingsPage() {
  const { t } = useTranslation();
  const { session } = useSession();
  if (!session) return <Loading />;
  return (
    <Page title={t('dealers.settings.title')}>
      <DealerSettingsForm pageSize={session.user.userSettings.pageSize} language={currentLanguage()} />
    </Page>
  );
}

function DealerSettingsForm(props: { pageSize: number; language: Language }) {
  const { t } = useTranslation();
  const [pageSize, setPageSize] = useState(props.pageSize);
  const [language, setLanguage] = useState<Language>(props.language);
  const save = useSaveDealerSettings();
  useUnsavedChangesGuard(pageSize !== props.pageSize || language !== props.language);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(
      { pageSize, language },
      {
        onSuccess: () => {
          // Every list uses the stored size first (use-paging.ts): the new setting replaces it.
          writeStorage(STORAGE_KEYS.pageSize, String(pageSize));
          notifySuccess(t('dealers.settings.saved'));
          if (language !== props.language) {
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
        <Select label={t('dealers.settings.pageSize')} data={PAGE_SIZES.map(String)} value={String(pageSize)} onChange={(value) => value && setPageSize(Number(value))} allowDeselect={false} />
        <Select
          label={t('dealers.settings.language')}
          data={LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
          value={language}
          onChange={(value) => value && setLanguage(value as Language)}
          allowDeselect={false}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
