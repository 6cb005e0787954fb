import { Alert, Button, Group, List, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { testCardBodySchema } from '@casebridge/shared/schemas/billing';
import { useForm } from '../../../lib/use-form.ts';
import type { TestCard } from '../api/test-payments-api.ts';
import { serverMessage } from './contract-failure.tsx';

const emptyCard = { cardNumber: '', expiry: '', cvc: '', name: '' };

export interface TestCardFormProps {
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (card: TestCard) => void;
  /** More buttons beside the submit button, e.g. "Cancel and go back". */
  extraActions?: ReactNode;
}

/** The card form of the built-in test provider, which stands in for a card provider's own page. */
export function TestCardForm({ submitLabel, pending, error, onSubmit, extraActions }: TestCardFormProps) {
  const { t } = useTranslation();
  const form = useForm({ initialValues: emptyCard, schema: testCardBodySchema });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const card = form.validate();
    if (card) onSubmit(card);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('contract.card.number')}
          required
          autoComplete="cc-number"
          inputMode="numeric"
          maxLength={23}
          {...form.textProps('cardNumber')}
        />
        <SimpleGrid cols={2}>
          <TextInput
            label={t('contract.card.expiry')}
            placeholder={t('contract.card.expiryPlaceholder')}
            required
            autoComplete="cc-exp"
            maxLength={7}
            {...form.textProps('expiry')}
          />
          <TextInput
            label={t('contract.card.cvc')}
            required
            autoComplete="cc-csc"
            inputMode="numeric"
            maxLength={4}
            {...form.textProps('cvc')}
          />
        </SimpleGrid>
        <TextInput label={t('contract.card.name')} required autoComplete="cc-name" maxLength={100} {...form.textProps('name')} />
        {error != null && (
          <Alert color="red" role="alert">
            {serverMessage(t, error)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
          {extraActions}
        </Group>
        <Alert color="gray" title={t('contract.card.testCardsTitle')}>
          <Text size="sm">{t('contract.card.testCardsIntro')}</Text>
          <List size="sm">
            <List.Item>{t('contract.card.testCardPaid')}</List.Item>
            <List.Item>{t('contract.card.testCardDeclined')}</List.Item>
          </List>
        </Alert>
      </Stack>
    </form>
  );
}
