import { Alert, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TicketRegistration } from '@casebridge/shared/schemas/licence-tickets';
import { Loading } from '../../../components/loading.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { describeError } from '../../../lib/error-message.ts';
import { useTicketRegistration } from '../api/ticket-details-api.ts';

/** The record's fields in the order of spec §3, each with its label key. */
const FIELDS: (keyof TicketRegistration)[] = [
  'salutation',
  'firstname',
  'lastname',
  'position',
  'company',
  'address_1',
  'address_2',
  'address_3',
  'zipcode',
  'city',
  'region',
  'country',
  'phone',
  'email',
  'productid',
];

/** Spec §2 dealer tickets: the registration data of a ticket, read from its assigned customer. */
export function TicketRegistrationDialog({ ticketId, open, onClose }: { ticketId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const registration = useTicketRegistration(ticketId, open);
  const noCustomer = registration.error instanceof ApiError && registration.error.code === 'TICKET_WITHOUT_CUSTOMER';
  return (
    <Modal opened={open} onClose={onClose} title={t('licenceInfo.registration.title')} size="lg">
      {registration.isLoading && <Loading />}
      {registration.isError && (
        <Alert color={noCustomer ? 'gray' : 'red'} role={noCustomer ? 'status' : 'alert'}>
          {noCustomer ? t('licenceInfo.registration.noCustomer') : describeError(t, registration.error)}
        </Alert>
      )}
      {registration.data && (
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs" m={0}>
          {FIELDS.map((field) => (
            <Stack key={field} gap={0} style={{ minWidth: 0 }}>
              <Text component="dt" fz="xs" c="dimmed">
                {t(`licenceInfo.registration.fields.${field}`)}
              </Text>
              <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
                {registration.data[field] || '—'}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      )}
    </Modal>
  );
}
