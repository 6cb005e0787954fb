import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCustomOffer, type OfferDraft } from './custom-offer.ts';

/** The three terms of a custom plan offer. */
function OfferFields({ draft, onChange }: { draft: OfferDraft; onChange: (change: Partial<OfferDraft>) => void }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }}>
      <NumberInput
        label={t('plansAdmin.price')}
        value={draft.price}
        onChange={(price) => onChange({ price })}
        min={0}
        decimalScale={2}
        suffix=" €"
      />
      <NumberInput
        label={t('plansAdmin.maxOrdersCount')}
        value={draft.orders}
        onChange={(orders) => onChange({ orders })}
        min={0}
        allowDecimal={false}
      />
      <NumberInput
        label={t('plansAdmin.allowedClients')}
        value={draft.clients}
        onChange={(clients) => onChange({ clients })}
        min={0}
        allowDecimal={false}
      />
    </SimpleGrid>
  );
}

/** The manager offers one mill a custom plan (spec §3 customContract), found by the mill's id. */
export function CustomContractForm() {
  const { t } = useTranslation();
  const offer = useCustomOffer();
  const { millId, current, subscription } = offer;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="custom-contract">
      <Stack gap="sm">
        <Title order={2} size="h4" id="custom-contract">
          {t('plansAdmin.customTitle')}
        </Title>
        <Group align="flex-end">
          <NumberInput
            label={t('plansAdmin.millId')}
            value={offer.millInput}
            onChange={offer.setMillInput}
            min={1}
            allowDecimal={false}
            w={160}
          />
          <Button variant="default" onClick={offer.findMill} disabled={!offer.millInputValid}>
            {t('plansAdmin.findMill')}
          </Button>
        </Group>
        {millId && subscription.isError && (
          <Text c="red" size="sm">
            {t('plansAdmin.millNotFound', { id: millId })}
          </Text>
        )}
        {millId && subscription.data && (
          <Stack gap="sm">
            <Text size="sm">
              {current
                ? t('plansAdmin.currentOffer', {
                    id: millId,
                    price: (current.priceCents / 100).toFixed(2),
                    orders: current.maxOrdersCount,
                    clients: current.allowedClients,
                  })
                : t('plansAdmin.noOffer', { id: millId })}
            </Text>
            <OfferFields draft={offer.draft} onChange={(change) => offer.setDraft((draft) => ({ ...draft, ...change }))} />
            <Group justify="flex-end">
              {current && (
                <Button variant="default" color="red" onClick={() => offer.withdraw(millId)}>
                  {t('plansAdmin.withdraw')}
                </Button>
              )}
              <Button disabled={!offer.valid} loading={offer.saving} onClick={() => offer.offer(millId)}>
                {t('plansAdmin.offer')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
