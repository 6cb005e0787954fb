import { Code, Stack, Table, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { AuditEntryDto } from '@casebridge/shared/schemas/audit';
import type { DataTableColumn, RowExpansion } from '../../../components/data-table.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { actionKey, objectKey } from './audit-kinds.ts';

/** An action's label in the reader's language; a kind without one (added since) shows as written. */
export const actionLabel = (t: TFunction, kind: string) => t(actionKey(kind), { defaultValue: kind });
const objectLabel = (t: TFunction, kind: string) => t(objectKey(kind), { defaultValue: kind });

/** The actor by name beside the id; a deleted account as such; an id no user row answers by its id alone. */
function actorName(t: TFunction, actor: AuditEntryDto['actor']): string {
  const { userId, name, deleted } = actor;
  if (userId === null) return t('audit.system');
  if (deleted) return t('audit.deletedUser', { id: userId });
  return name ? t('audit.namedUser', { name, id: userId }) : t('audit.user', { id: userId });
}

function Who({ entry, t }: { entry: AuditEntryDto; t: TFunction }) {
  const { tenant } = entry.actor;
  return (
    <Stack gap={0}>
      <Text size="sm">{actorName(t, entry.actor)}</Text>
      {tenant && (
        <Text size="xs" c="dimmed">
          {t('audit.onBehalfOf', { tenant: t(`audit.tenants.${tenant.kind}`, { id: tenant.id ?? '', defaultValue: tenant.kind }) })}
        </Text>
      )}
    </Stack>
  );
}

const changedFields = (entry: AuditEntryDto) => [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
const shown = (value: unknown) =>
  value === undefined || value === null ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/** The columns of the audit trail: when, who (on behalf of whom), what, which object, from where, which fields. */
export function auditColumns(t: TFunction): DataTableColumn<AuditEntryDto>[] {
  return [
    { key: 'at', header: t('audit.columns.when'), render: (entry) => formatDateTime(entry.at) },
    { key: 'who', header: t('audit.columns.who'), render: (entry) => <Who entry={entry} t={t} /> },
    {
      key: 'action',
      header: t('audit.columns.action'),
      phone: 'title',
      render: (entry) => (
        <Text size="sm" fw={500} title={entry.action}>
          {actionLabel(t, entry.action)}
        </Text>
      ),
    },
    { key: 'object', header: t('audit.columns.object'), render: (entry) => `${objectLabel(t, entry.object.kind)} ${entry.object.id}` },
    { key: 'ip', header: t('audit.columns.ip'), render: (entry) => entry.actor.ip ?? '—' },
    { key: 'changes', header: t('audit.columns.changes'), render: (entry) => changedFields(entry).join(', ') || '—' },
  ];
}

/** Before → after of each changed field, behind the row's toggle; an entry without changes has none. */
export function auditChanges(t: TFunction): RowExpansion<AuditEntryDto> {
  return {
    toggleLabel: (entry) => t('audit.showChanges', { action: actionLabel(t, entry.action), at: formatDateTime(entry.at) }),
    content: (entry) => {
      const fields = changedFields(entry);
      if (fields.length === 0) return null;
      return (
        <Table withTableBorder fz="sm" aria-label={t('audit.columns.changes')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('audit.field')}</Table.Th>
              <Table.Th>{t('audit.before')}</Table.Th>
              <Table.Th>{t('audit.after')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((field) => (
              <Table.Tr key={field}>
                <Table.Td>{field}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Code>{shown(entry.before?.[field])}</Code>
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Code>{shown(entry.after?.[field])}</Code>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      );
    },
  };
}
