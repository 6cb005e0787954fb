import { Alert, Avatar, Button, FileInput, Grid, Group, Select, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Company } from '@casebridge/shared/schemas/account';
import { DEFAULT_COUNTRY } from '@casebridge/shared/constants/countries';
import { languageTag } from '@casebridge/shared/constants/languages';
import { companyInfoDataSchema, isVatCountry } from '@casebridge/shared/schemas/account';
import { maxLengthOf } from '@casebridge/shared/schemas/max-length';
import { useUnsavedChangesGuard } from '../../../components/use-unsaved-changes-guard.ts';
import { homeRouteFor } from '../../../lib/home-route.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { selectedMillFromStorage, sessionQueryOptions } from '../../../lib/session.ts';
import { useForm } from '../../../lib/use-form.ts';
import { useSaveCompanyInfo } from '../api/account-api.ts';
import { COUNTRY_CODES, isVatError, onlyDigits, onlyLettersAndDigits, type CompanyFormValues } from './company-schema.ts';

const VAT_NUMBER_MAX = maxLengthOf(companyInfoDataSchema.shape.vatNumber);
const ZIP_CODE_MAX = maxLengthOf(companyInfoDataSchema.shape.zipCode);

/** Spec §9: when the saved flag has not reached the session yet, look again after a second. */
export const COMPANY_REDIRECT_DELAY_MS = 1000;

export function companyToValues(company: Company | undefined): CompanyFormValues {
  return {
    name: company?.name ?? '',
    email: company?.email ?? '',
    web: company?.web ?? '',
    contactPerson: company?.contactPerson ?? '',
    vatNumber: company?.vatNumber ?? '',
    taxId: company?.taxId ?? '',
    country: company?.address.country || DEFAULT_COUNTRY,
    state: company?.address.state ?? '',
    street: company?.address.street ?? '',
    city: company?.address.city ?? '',
    zipCode: company?.address.zipCode ?? '',
    phone: company?.address.phone ?? '',
  };
}

function useCountryOptions() {
  return useMemo(() => {
    const lng = currentLanguage();
    const names = new Intl.DisplayNames([languageTag(lng)], { type: 'region' });
    return COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) => a.label.localeCompare(b.label));
  }, []);
}

/** After the first complete save, send the user on to their home once the session agrees. */
function useFinishFirstCompletion() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    const refreshed = await queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 });
    if (!refreshed) return;
    const go = (session: typeof refreshed) =>
      void navigate(homeRouteFor(session, selectedMillFromStorage(session)).path, { replace: true });
    if (refreshed.user.companyInfoIsUpdated) return go(refreshed);
    setTimeout(() => {
      void queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 }).then((later) => {
        if (later?.user.companyInfoIsUpdated) go(later);
      });
    }, COMPANY_REDIRECT_DELAY_MS);
  };
}

export interface CompanyInfoFormProps {
  company: Company | undefined;
  /** True when the session still says the company information is incomplete. */
  incomplete: boolean;
}

/** The company form's state, its logo and its save; the VAT refusal of the server has its own message (spec §8). */
function useCompanyInfoForm({ company, incomplete }: CompanyInfoFormProps) {
  const { t } = useTranslation();
  const form = useForm({ initialValues: companyToValues(company), schema: companyInfoDataSchema });
  const [logo, setLogo] = useState<File | null>(null);
  const [vatServerError, setVatServerError] = useState(false);
  const save = useSaveCompanyInfo();
  const finishFirstCompletion = useFinishFirstCompletion();
  const { reset } = form;
  useUnsavedChangesGuard(form.dirty || logo !== null);

  useEffect(() => {
    if (company) reset(companyToValues(company));
  }, [company, reset]);

  const changeCountry = (country: string | null) => {
    if (!country) return;
    // Spec §5: a new country clears the VAT number, and with it any message about the old one.
    form.setValue('country', country);
    form.setValue('vatNumber', '');
    setVatServerError(false);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setVatServerError(false);
    const data = form.validate();
    if (!data) return;
    save.mutate(
      { data, logo },
      {
        onSuccess: (saved) => {
          form.reset(companyToValues(saved));
          setLogo(null);
          notifySuccess(t('company.saved'));
          if (incomplete) void finishFirstCompletion();
        },
        onError: (error) => {
          if (isVatError(error)) setVatServerError(true);
          else if (!form.applyServerErrors(error)) notifyError(t, error);
        },
      },
    );
  };

  return { form, logo, setLogo, vatServerError, changeCountry, submit, saving: save.isPending };
}

type CompanyForm = ReturnType<typeof useCompanyInfoForm>;

function LogoField({ company, logo, setLogo }: Pick<CompanyForm, 'logo' | 'setLogo'> & { company: Company | undefined }) {
  const { t } = useTranslation();
  return (
    <Group align="flex-end">
      <Avatar src={company?.logo?.url} size="lg" radius="sm" alt={t('company.logoAlt')} />
      <FileInput
        label={t('company.logo')}
        accept="image/png,image/jpeg,image/webp,image/svg+xml"
        value={logo}
        onChange={setLogo}
        clearable
        placeholder={company?.logo?.name ?? t('common.chooseFile')}
        style={{ flex: 1 }}
      />
    </Group>
  );
}

/** Who the company is and how to reach it. */
function ContactFields({ form }: Pick<CompanyForm, 'form'>) {
  const { t } = useTranslation();
  const text = form.textProps;
  return (
    <>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('company.name')} required autoComplete="organization" {...text('name')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('fields.email')} type="email" required autoComplete="email" {...text('email')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('company.web')} autoComplete="url" {...text('web')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('company.contactPerson')} autoComplete="name" {...text('contactPerson')} />
      </Grid.Col>
    </>
  );
}

/** The country with what depends on it (state, VAT number, tax id); a mill on a paid plan keeps its country. */
function CountryFields({ form, company, vatServerError, changeCountry }: CompanyForm & { company: Company | undefined }) {
  const { t } = useTranslation();
  const countryOptions = useCountryOptions();
  const vatEnabled = isVatCountry(form.values.country);
  return (
    <>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Select
          label={t('company.country')}
          required
          searchable
          data={countryOptions}
          value={form.values.country}
          onChange={changeCountry}
          allowDeselect={false}
          // Spec §5: a mill on a paid plan keeps its country; say why rather than refuse on save.
          disabled={company?.countryLocked}
          description={company?.countryLocked ? t('company.countryLocked') : undefined}
          error={form.errorText('country')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('company.state')} autoComplete="address-level1" {...form.textProps('state')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label={t('company.vatNumber')}
          required={vatEnabled}
          disabled={!vatEnabled}
          description={vatEnabled ? undefined : t('company.vatNotNeeded')}
          maxLength={VAT_NUMBER_MAX}
          value={form.values.vatNumber}
          onChange={(event) => form.setValue('vatNumber', onlyLettersAndDigits(event.currentTarget.value))}
          error={vatServerError ? t('company.vatInvalid') : form.errorText('vatNumber')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('company.taxId')} {...form.textProps('taxId')} />
      </Grid.Col>
    </>
  );
}

/** Where the company is: street, ZIP code, city and phone (digits only, spec §5). */
function AddressFields({ form }: Pick<CompanyForm, 'form'>) {
  const { t } = useTranslation();
  const text = form.textProps;
  return (
    <>
      <Grid.Col span={12}>
        <TextInput label={t('company.street')} required autoComplete="street-address" {...text('street')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <TextInput label={t('company.zipCode')} required maxLength={ZIP_CODE_MAX} autoComplete="postal-code" {...text('zipCode')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 8 }}>
        <TextInput label={t('company.city')} required autoComplete="address-level2" {...text('city')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label={t('company.phone')}
          required
          inputMode="numeric"
          autoComplete="tel"
          value={form.values.phone}
          onChange={(event) => form.setValue('phone', onlyDigits(event.currentTarget.value))}
          error={form.errorText('phone')}
        />
      </Grid.Col>
    </>
  );
}

export function CompanyInfoForm(props: CompanyInfoFormProps) {
  const { company, incomplete } = props;
  const { t } = useTranslation();
  const state = useCompanyInfoForm(props);
  return (
    <form onSubmit={state.submit} noValidate>
      <Stack maw={720}>
        {incomplete && (
          <Alert color="yellow" role="status">
            {t('company.updateFirst')}
          </Alert>
        )}
        {state.vatServerError && <Alert color="red">{t('company.vatInvalid')}</Alert>}
        <LogoField company={company} logo={state.logo} setLogo={state.setLogo} />
        <Grid>
          <ContactFields form={state.form} />
          <CountryFields {...state} company={company} />
          <AddressFields form={state.form} />
        </Grid>
        <Group>
          <Button type="submit" loading={state.saving}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
