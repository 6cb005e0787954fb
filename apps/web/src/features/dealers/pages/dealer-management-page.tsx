import { Alert, Grid, Paper, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/loading.tsx';
import { Page } from '../../../components/page.tsx';
import { describeError } from '../../../lib/error-message.ts';
import { useDealer } from '../api/dealers-api.ts';
import { DealerForm } from '../components/dealer-form.tsx';
import { dealerFormRules } from '../components/dealer-form-rules.ts';
import { DealerList } from '../components/dealer-list.tsx';
import { useDealerContext } from '../components/use-dealer-context.ts';

/** Spec §2 dealer management: `/manager/dealer` for the manager, `/dealer/information` for dealer users. */
export function DealerManagementPage() {
  const { t } = useTranslation();
  const { context, error } = useDealerContext();
  // A dealer user starts on its own dealer; the manager on an empty (new) form.
  const [selectedId, setSelectedId] = useState<number | null | undefined>(undefined);
  const effectiveId = selectedId === undefined ? (context?.ownDealer?.id ?? null) : selectedId;
  const selected = useDealer(effectiveId);

  if (error) return <Alert color="red">{describeError(t, error)}</Alert>;
  if (!context) return <Loading />;
  const rules = dealerFormRules(context, null);

  return (
    <Page title={t('dealers.managementTitle')}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <DealerList
            isManager={context.isManager}
            selectedId={effectiveId}
            onSelect={setSelectedId}
            onNew={() => setSelectedId(null)}
            newDisabled={rules.saveDisabled}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Paper withBorder p="md">
            <Title order={2} size="h4" mb="md">
              {effectiveId === null
                ? t('dealers.newTitle')
                : selected.data
                  ? t('dealers.editTitle', { name: selected.data.name })
                  : t('common.loading')}
            </Title>
            {effectiveId === null ? (
              <DealerForm key="new" dealer={null} context={context} onSaved={(saved) => setSelectedId(saved.id)} />
            ) : selected.isError ? (
              <Alert color="red">{describeError(t, selected.error)}</Alert>
            ) : selected.data ? (
              // Keyed by id: selecting another dealer resets and reloads the form (spec §4).
              <DealerForm
                key={`${selected.data.id}`}
                dealer={selected.data}
                context={context}
                onSaved={(saved) => setSelectedId(saved.id)}
              />
            ) : (
              <Loading />
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </Page>
  );
}
