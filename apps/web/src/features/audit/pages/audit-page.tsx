import { Alert, Button } from '@mantine/core';
import { IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListView } from '../../../components/list-kit/list-view.tsx';
import type { ListFilter } from '../../../components/list-kit/list-filters.tsx';
import { useListState, type ListState } from '../../../components/list-kit/use-list-state.ts';
import { Loading } from '../../../components/loading.tsx';
import { Page } from '../../../components/page.tsx';
import { downloadCsv } from '../../../lib/csv.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useSelectedMill, useSession } from '../../../lib/session.ts';
import { auditPageQuery, fetchAuditCsv, type AuditQuery, type AuditTrailOf } from '../api/audit-api.ts';
import { auditChanges, auditColumns, actionLabel } from '../components/audit-columns.tsx';
import { AUDIT_ACTION_KINDS, AUDIT_OBJECT_KINDS, objectKey } from '../components/audit-kinds.ts';

const FILTERS = ['from', 'to', 'actorId', 'action', 'objectKind', 'objectId'] as const;

/** A day in the reader's time zone (the date inputs' value) as the instant it starts; `days` later for an end. */
function dayStart(day: string | undefined, days = 0): string | undefined {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  if (!match) return undefined;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days).toISOString();
}

/** The URL's filters as the API's query: the "to" day is included, a non-numeric actor is no filter. */
export function auditQueryOf(filters: Record<string, string>): AuditQuery {
  const actorId = /^\d{1,9}$/.test(filters.actorId ?? '') ? Number(filters.actorId) : undefined;
  return {
    from: dayStart(filters.from),
    to: dayStart(filters.to, 1),
    actorId,
    action: filters.action || undefined,
    objectKind: filters.objectKind || undefined,
    objectId: filters.objectId || undefined,
  };
}

function auditFilters(t: TFunction): ListFilter[] {
  const any = { value: '', label: t('audit.any') };
  return [
    { name: 'from', label: t('audit.filters.from'), kind: 'date' },
    { name: 'to', label: t('audit.filters.to'), kind: 'date' },
    { name: 'actorId', label: t('audit.filters.actor'), kind: 'text', width: 140 },
    {
      name: 'action',
      label: t('audit.filters.action'),
      kind: 'select',
      width: 240,
      options: [any, ...AUDIT_ACTION_KINDS.map((kind) => ({ value: kind, label: actionLabel(t, kind) }))],
    },
    {
      name: 'objectKind',
      label: t('audit.filters.objectKind'),
      kind: 'select',
      options: [any, ...AUDIT_OBJECT_KINDS.map((kind) => ({ value: kind, label: t(objectKey(kind)) }))],
    },
    { name: 'objectId', label: t('audit.filters.objectId'), kind: 'text', width: 140 },
  ];
}

function ExportButton({ of, query }: { of: AuditTrailOf; query: AuditQuery }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      downloadCsv('audit-trail.csv', await fetchAuditCsv(of, query));
    } catch (error) {
      notifyError(t, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={busy} onClick={() => void download()}>
      {t('audit.export')}
    </Button>
  );
}

function useAuditPage(of: AuditTrailOf, list: ListState) {
  const filterQuery = auditQueryOf(list.filters);
  const page = useQuery(auditPageQuery(of, { ...filterQuery, _limit: list.pageSize, before: list.after.at(-1) }));
  const data = page.data && { rows: page.data.data, next: page.data.next };
  return { filterQuery, result: { isPending: page.isPending, isError: page.isError, error: page.error, data } };
}

/** One tenant's audit trail (issue 28 part 3): filters, keyset pages on the list kit, CSV export of the filter. */
export function AuditTrail({ of }: { of: AuditTrailOf }) {
  const { t } = useTranslation();
  const list = useListState({ filters: FILTERS });
  const { filterQuery, result } = useAuditPage(of, list);
  return (
    <ListView
      list={list}
      result={result}
      columns={auditColumns(t)}
      rowKey={(entry) => entry.id}
      filters={auditFilters(t)}
      expansion={auditChanges(t)}
      caption={t('audit.title')}
      actions={<ExportButton of={of} query={filterQuery} />}
    />
  );
}

/** `of` null: still loading, unless `unavailable` says why there is no trail to read. */
function AuditPage({ of, unavailable }: { of: AuditTrailOf | null; unavailable?: string }) {
  const { t } = useTranslation();
  let content = <Loading />;
  if (of) content = <AuditTrail of={of} />;
  else if (unavailable)
    content = (
      <Alert color="blue" icon={<IconInfoCircle size={20} aria-hidden />} role="status">
        {unavailable}
      </Alert>
    );
  return <Page title={t('audit.title')}>{content}</Page>;
}

/** The selected mill's trail, for its admins (the sidebar shows the entry only to them). */
export function MillAuditPage() {
  const { session } = useSession();
  const { mill } = useSelectedMill(session);
  return <AuditPage of={mill ? { kind: 'mill', millId: mill.id } : null} />;
}

/** The lab user's own lab; an account that belongs to no lab company yet has no trail, and is told so. */
export function LabAuditPage() {
  const { t } = useTranslation();
  const { session, isPending } = useSession();
  const company = session?.user.company;
  return (
    <AuditPage of={company ? { kind: 'lab', companyId: company.id } : null} unavailable={isPending ? undefined : t('audit.noCompany')} />
  );
}

/** The dealer's own trail and its sub-dealers'. */
export function DealerAuditPage() {
  const { session } = useSession();
  const dealer = session?.dealer;
  return <AuditPage of={dealer ? { kind: 'dealer', dealerId: dealer.id } : null} />;
}

/** The manager reads everything. */
export function ManagerAuditPage() {
  return <AuditPage of={{ kind: 'all' }} />;
}
