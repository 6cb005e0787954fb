import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, isLanguage, type Language } from '@casebridge/shared/constants/languages';
import { STORAGE_KEYS } from '@casebridge/shared/constants/storage-keys';
import { currentLanguage, LANGUAGE_NAMES, loadAllTranslations } from '../lib/i18n.ts';
import { writeStorage } from '../lib/local-storage.ts';
import { notifyError } from '../lib/notify.ts';

const options = LANGUAGES.map((lng) => ({ value: lng, label: LANGUAGE_NAMES[lng] }));

/**
 * The signed-in user's language, through its contract. Imported on demand: the picker is in the
 * public home's first load, which the contract check's zod would push over its budget.
 */
async function saveLanguage(language: Language): Promise<void> {
  const [{ callEndpoint }, { updateLanguage }] = await Promise.all([
    import('../lib/api-call.ts'),
    import('@casebridge/shared/contracts/account'),
  ]);
  await callEndpoint(updateLanguage, { body: { language } });
}

/** Spec §2: changing the language stores it (and saves it for a signed-in user), then reloads. */
export function LanguagePicker({ signedIn, width = 150 }: { signedIn: boolean; width?: number | string }) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);

  const change = async (value: string) => {
    if (!isLanguage(value) || value === currentLanguage()) return;
    const language: Language = value;
    setSaving(true);
    try {
      if (signedIn) await saveLanguage(language);
      writeStorage(STORAGE_KEYS.language, language);
      window.location.reload();
    } catch (error) {
      // The error texts are not in the public home's first load.
      await loadAllTranslations();
      notifyError(t, error);
      setSaving(false);
    }
  };

  // A native select: the phone's own picker, and none of the combobox code in the first load.
  return (
    <NativeSelect
      aria-label={t('language.label')}
      data={options}
      value={currentLanguage()}
      onChange={(event) => void change(event.currentTarget.value)}
      disabled={saving}
      leftSection={<IconLanguage size={16} aria-hidden />}
      w={width}
    />
  );
}
