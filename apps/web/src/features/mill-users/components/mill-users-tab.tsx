import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MILL_ROLES, type MillRole } from '@casebridge/shared/constants/roles';
import { ListView } from '../../../components/list-kit/list-view.tsx';
import { offsetQuery, useListState } from '../../../components/list-kit/use-list-state.ts';
import { useMillUsers } from '../api/mill-users-api.ts';
import { MillUserDialog, type MillUserDialogState } from './mill-user-dialog.tsx';
import { useMillUserColumns } from './mill-user-columns.tsx';

/** The role in the URL as the query wants it: missing or unknown is every role. */
const roleFromUrl = (value: string | undefined): MillRole | undefined =>
  (MILL_ROLES as readonly string[]).includes(value ?? '') ? (value as MillRole) : undefined;

export interface MillUsersTabProps {
  millId: number;
  /** The signed-in user: their own row gets no edit or delete (spec §6). */
  currentUserId: number;
  /** The rule book's `millUsers.resetSecondFactor` (the mill admin's): a reset button per member. */
  mayResetSecondFactor?: boolean;
}

/**
 * Spec §2 settings "users" tab: role filter, add, edit, delete, and resetting a lost second factor.
 * On the list kit (ADR 0024): role, sort and page live in the URL beside the settings' `tab`.
 */
export function MillUsersTab({ millId, currentUserId, mayResetSecondFactor = false }: MillUsersTabProps) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<MillUserDialogState>(null);
  const list = useListState({ filters: ['role'], defaultSort: { field: 'created_at', direction: 'desc' } });
  const users = useMillUsers(millId, { millRole: roleFromUrl(list.filters.role), ...offsetQuery(list) });

  const columns = useMillUserColumns({ millId, currentUserId, mayResetSecondFactor, onEdit: setDialog });

  const roleOptions = [
    { value: '', label: t('millUsers.allRoles') },
    ...MILL_ROLES.map((value) => ({ value, label: t(`millUsers.roles.${value}`) })),
  ];
  return (
    <>
      <ListView
        list={list}
        result={{ ...users, data: users.data && { rows: users.data.data, total: users.data.count } }}
        columns={columns}
        rowKey={(user) => user.id}
        filters={[{ name: 'role', label: t('millUsers.role'), kind: 'select', options: roleOptions }]}
        actions={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setDialog({ mode: 'add' })}>
            {t('millUsers.add')}
          </Button>
        }
      />
      <MillUserDialog millId={millId} state={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
