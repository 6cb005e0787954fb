import { Alert, Avatar, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { languageTag } from '@casebridge/shared/constants/languages';
import type { Company } from '@casebridge/shared/schemas/account';
import type { Client } from '@casebridge/shared/schemas/clients';
import { Loading } from '../../../components/loading.tsx';
import { describeError } from '../../../lib/error-message.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useClientCompany, useClientLab, type ClientLab } from '../api/clients-api.ts';

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {value?.trim() ? value : '—'}
      </Text>
    </div>
  );
}

function countryName(code: string): string {
  if (!code) return '';
  const lng = currentLanguage();
  try {
    return new Intl.DisplayNames([languageTag(lng)], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function CompanyFields({ company }: { company: Company }) {
  const { t } = useTranslation();
  const { address } = company;
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" m={0}>
      <Field label={t('company.name')} value={company.name} />
      <Field label={t('fields.email')} value={company.email} />
      <Field label={t('company.contactPerson')} value={company.contactPerson} />
      <Field label={t('company.web')} value={company.web} />
      <Field label={t('company.vatNumber')} value={company.vatNumber} />
      <Field label={t('company.taxId')} value={company.taxId} />
      <Field label={t('company.street')} value={address.street} />
      <Field label={t('company.city')} value={[address.zipCode, address.city].filter(Boolean).join(' ')} />
      <Field label={t('company.state')} value={address.state} />
      <Field label={t('company.country')} value={countryName(address.country)} />
      <Field label={t('company.phone')} value={address.phone} />
    </SimpleGrid>
  );
}

function ShippingFields({ lab }: { lab: ClientLab }) {
  const { t } = useTranslation();
  if (lab.shippingAtSameAddress) return <Text>{t('shipping.sameAddressReadOnly')}</Text>;
  const { shippingAddress: a } = lab;
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" m={0}>
      <Field label={t('company.street')} value={a.street} />
      <Field label={t('company.city')} value={[a.zipCode, a.city].filter(Boolean).join(' ')} />
      <Field label={t('company.phone')} value={a.phone} />
    </SimpleGrid>
  );
}

/** The client lab's company and shipping address, read-only for the mill (spec §2 company-info tab). */
export function ClientCompanyInfo({ client }: { client: Client }) {
  const { t } = useTranslation();
  // A lab's own records open to the mill only once the lab accepted the invitation.
  if (!client.company) return <Alert color="blue">{t('clients.companyAfterAcceptance')}</Alert>;
  return <AcceptedClientCompanyInfo companyId={client.company.id} />;
}

function AcceptedClientCompanyInfo({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const company = useClientCompany(companyId);
  const lab = useClientLab(companyId);
  return (
    <Stack gap="xl" maw={820}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('company.title')}
        </Title>
        {company.isPending ? (
          <Loading />
        ) : company.isError ? (
          <Alert color="red">{describeError(t, company.error)}</Alert>
        ) : (
          <>
            {company.data.logo && (
              <Group>
                <Avatar src={company.data.logo.url} size="lg" radius="sm" alt={t('company.logoAlt')} />
              </Group>
            )}
            <CompanyFields company={company.data} />
          </>
        )}
      </Stack>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('shipping.title')}
        </Title>
        {lab.isPending ? (
          <Loading />
        ) : lab.isError ? (
          <Alert color="red">{describeError(t, lab.error)}</Alert>
        ) : (
          <ShippingFields lab={lab.data} />
        )}
      </Stack>
    </Stack>
  );
}
