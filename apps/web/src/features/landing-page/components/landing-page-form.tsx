import { Avatar, Button, FileInput, Grid, Group, Paper, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { maxLengthOf } from '@casebridge/shared/schemas/max-length';
import { landingPageDataSchema } from '@casebridge/shared/schemas/mill-admin';
import { CopyButton } from '../../../components/copy-button.tsx';
import { LandingPageView } from '../../../components/landing-page-view.tsx';
import { useUnsavedChangesGuard } from '../../../components/use-unsaved-changes-guard.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useForm } from '../../../lib/use-form.ts';
import { useUpdateLandingPage, type MillLanding } from '../api/landing-page-api.ts';

const HEADER_MAX = maxLengthOf(landingPageDataSchema.shape.landingPageHeader);

const LOGO_TYPES = 'image/png,image/jpeg,image/webp,image/gif';

/** A local address for the chosen, not yet uploaded logo, so the preview shows it. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

const toValues = (mill: MillLanding) => ({ landingPageHeader: mill.landingPageHeader, landingPageContent: mill.landingPageContent });

/** The logo as it will look, beside the field that replaces it. */
function LogoPicker({
  logo,
  onChange,
  previewUrl,
}: {
  logo: File | null;
  onChange: (file: File | null) => void;
  previewUrl: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Group align="flex-end" wrap="nowrap">
      <Avatar src={previewUrl} size="lg" radius="sm" alt={t('company.logoAlt')} />
      <FileInput
        label={t('company.logo')}
        accept={LOGO_TYPES}
        value={logo}
        onChange={onChange}
        clearable
        placeholder={t('common.chooseFile')}
        style={{ flex: 1 }}
      />
    </Group>
  );
}

export function LandingPageForm({ mill, publicUrl }: { mill: MillLanding; publicUrl: string }) {
  const { t } = useTranslation();
  const form = useForm({ initialValues: toValues(mill), schema: landingPageDataSchema });
  const [logo, setLogo] = useState<File | null>(null);
  const logoPreview = useObjectUrl(logo);
  const update = useUpdateLandingPage(mill.id);
  useUnsavedChangesGuard(form.dirty || logo !== null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const data = form.validate();
    if (!data) return;
    update.mutate(
      { data, logo },
      {
        onSuccess: (saved) => {
          form.reset(toValues(saved));
          setLogo(null);
          notifySuccess(t('landingPage.saved'));
        },
        onError: (error) => {
          if (!form.applyServerErrors(error)) notifyError(t, error, t('common.errorOccurred'));
        },
      },
    );
  };

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label={t('landingPage.publicUrl')}
              description={t('landingPage.publicUrlHint')}
              value={publicUrl}
              readOnly
              rightSection={<CopyButton value={publicUrl} label={t('landingPage.copyUrl')} />}
            />
            <LogoPicker logo={logo} onChange={setLogo} previewUrl={logoPreview ?? mill.company.logo?.url} />
            <TextInput label={t('landingPage.header')} required maxLength={HEADER_MAX} {...form.textProps('landingPageHeader')} />
            <Textarea
              label={t('landingPage.content')}
              description={t('landingPage.contentHint')}
              required
              autosize
              minRows={6}
              maxRows={20}
              {...form.textProps('landingPageContent')}
            />
            <Group>
              <Button type="submit" loading={update.isPending}>
                {t('landingPage.update')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Paper withBorder p="md" component="section" aria-labelledby="landing-preview-title">
          <Stack>
            <Title order={2} size="h5" c="dimmed" id="landing-preview-title">
              {t('landingPage.preview')}
            </Title>
            <LandingPageView
              companyName={mill.company.name}
              logoUrl={logoPreview ?? mill.company.logo?.url}
              header={form.values.landingPageHeader}
              content={form.values.landingPageContent}
              headingLevel={3}
            />
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
