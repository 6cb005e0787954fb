import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListView } from '../../../components/list-kit/list-view.tsx';
import { offsetQuery, useListState } from '../../../components/list-kit/use-list-state.ts';
import { useLicenceKeys } from '../api/licence-keys-api.ts';
import { LicenceKeyDialog } from './licence-key-dialog.tsx';
import { useLicenceKeyColumns } from './licence-key-columns.tsx';

/**
 * Spec §2 settings "license keys" tab: add, delete, toggle data collection; sorted by key. On the
 * list kit (ADR 0024): search, sort and page live in the URL beside the settings' `tab`.
 */
export function LicenceKeysTab({ millId }: { millId: number }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const list = useListState({ filters: [], defaultSort: { field: 'licenseKey', direction: 'asc' } });
  const keys = useLicenceKeys(millId, offsetQuery(list));
  const columns = useLicenceKeyColumns(millId);
  return (
    <>
      <ListView
        list={list}
        result={{ ...keys, data: keys.data && { rows: keys.data.data, total: keys.data.count } }}
        columns={columns}
        rowKey={(row) => row.id}
        search={t('licenceKeys.search')}
        actions={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setAdding(true)}>
            {t('licenceKeys.add')}
          </Button>
        }
      />
      <LicenceKeyDialog millId={millId} opened={adding} onClose={() => setAdding(false)} />
    </>
  );
}
