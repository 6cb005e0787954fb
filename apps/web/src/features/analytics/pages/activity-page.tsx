import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ACTIVITY_DEFAULT_DAYS, type MillActivity } from '@casebridge/shared/schemas/analytics';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { useListState } from '../../../components/list-kit/use-list-state.ts';
import { Loading } from '../../../components/loading.tsx';
import { Page } from '../../../components/page.tsx';
import { formatDate } from '../../../lib/format.ts';
import type { SortState } from '../../../lib/use-paging.ts';
import { useActivity } from '../api/analytics-api.ts';
import { DAY_MS, ExportCsvButton, isoDay, LoadFailure } from '../components/analytics-parts.tsx';
import { millOrdersPath } from '../components/mills-overview-columns.tsx';

/** Spec §9: the last 7 days to today, the same days the API takes without a range. */
export function defaultActivityRange(now = new Date()): { start: string; end: string } {
  return { start: isoDay(new Date(now.getTime() - ACTIVITY_DEFAULT_DAYS * DAY_MS)), end: isoDay(now) };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The whole range comes back in one answer, so sorting happens here, without another call. */
function sortRows(rows: MillActivity[], sort: SortState): MillActivity[] {
  const value = (row: MillActivity): string | number => {
    switch (sort.field) {
      case 'name':
        return row.name.toLowerCase();
      case 'millEmail':
        return row.millEmail.toLowerCase();
      case 'projectIds':
        return row.ordersCount;
      case 'createdAt':
        return row.createdAt;
      default:
        return row.millId;
    }
  };
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const left = value(a);
    const right = value(b);
    return (left < right ? -1 : left > right ? 1 : a.millId - b.millId) * sign;
  });
}

/**
 * A day of the range: its field is the user's while typed or cleared (no request then); a whole day
 * goes to the URL, the default day left out. It follows the URL when the back button changes it.
 */
function useDayField(urlValue: string | undefined, fallback: string, commit: (value: string) => void) {
  const shown = urlValue ?? fallback;
  const [draft, setDraft] = useState(shown);
  const [seen, setSeen] = useState(shown);
  if (seen !== shown) {
    setSeen(shown);
    setDraft(shown);
  }
  const set = (value: string) => {
    setDraft(value);
    if (DAY.test(value)) commit(value === fallback ? '' : value);
  };
  return [draft, set, () => setDraft(fallback)] as const;
}

const BUSIEST_FIRST: SortState = { field: 'projectIds', direction: 'desc' };

function activityColumns(t: TFunction): DataTableColumn<MillActivity>[] {
  return [
    { key: 'id', header: t('analytics.millId'), render: (row) => row.millId, sortField: 'millId' },
    { key: 'name', header: t('analytics.name'), render: (row) => row.name, sortField: 'name', phone: 'title' },
    { key: 'email', header: t('analytics.millEmail'), render: (row) => row.millEmail, sortField: 'millEmail' },
    {
      key: 'projects',
      header: t('analytics.projectIds'),
      sortField: 'projectIds',
      render: (row) =>
        row.projectIds.length === 0 ? (
          t('analytics.none')
        ) : (
          <Group gap={6}>
            {row.projectIds.map((id) => (
              <Anchor key={id} component={Link} to={millOrdersPath(row.millId, id)} size="sm">
                {id}
              </Anchor>
            ))}
            {row.ordersCount > row.projectIds.length && (
              <Text size="sm" c="dimmed">
                {t('analytics.more', { count: row.ordersCount - row.projectIds.length })}
              </Text>
            )}
          </Group>
        ),
    },
    { key: 'created', header: t('analytics.createdAt'), render: (row) => formatDate(row.createdAt), sortField: 'createdAt' },
  ];
}

/** The CSV holds every order count and id, where the table shows the first few. */
function activityCsv(t: TFunction, rows: MillActivity[]) {
  const header = [
    t('analytics.millId'),
    t('analytics.name'),
    t('analytics.millEmail'),
    t('analytics.ordersCount'),
    t('analytics.projectIds'),
    t('analytics.createdAt'),
  ];
  return {
    header,
    rows: rows.map((row) => [row.millId, row.name, row.millEmail, row.ordersCount, row.projectIds.join(' '), formatDate(row.createdAt)]),
  };
}

/**
 * Spec manager-dealer §2 "activity overview" (`/manager/mill/activity`). Its range and sort live in
 * the URL (list kit, ADR 0024); the default range is left out, so a shared link means "the last 7 days".
 */
export function ActivityPage() {
  const { t } = useTranslation();
  const initial = useMemo(() => defaultActivityRange(), []);
  const list = useListState({ filters: ['start', 'end'], defaultSort: BUSIEST_FIRST });
  const [start, setStart, resetStart] = useDayField(list.filters.start, initial.start, (value) => list.change({ filter: 'start', value }));
  const [end, setEnd, resetEnd] = useDayField(list.filters.end, initial.end, (value) => list.change({ filter: 'end', value }));
  const sort = list.sort ?? BUSIEST_FIRST;
  const valid = DAY.test(start) && DAY.test(end) && start <= end;
  const activity = useActivity(valid ? { start, end } : null);
  const rows = useMemo(() => sortRows(activity.data?.data ?? [], sort), [activity.data, sort]);

  const columns = activityColumns(t);
  const csv = activityCsv(t, rows);

  return (
    <Page title={t('analytics.activity.title')}>
      <Stack gap="md">
        <Group align="flex-end" gap="sm" justify="space-between">
          <Group align="flex-end" gap="sm">
            <TextInput
              type="date"
              label={t('analytics.fromDate')}
              value={start}
              onChange={(event) => setStart(event.currentTarget.value)}
              w={170}
            />
            <TextInput
              type="date"
              label={t('analytics.toDate')}
              value={end}
              onChange={(event) => setEnd(event.currentTarget.value)}
              error={DAY.test(start) && DAY.test(end) && start > end ? t('analytics.rangeInvalid') : undefined}
              w={170}
            />
            <Button
              variant="default"
              disabled={start === initial.start && end === initial.end}
              onClick={() => {
                resetStart();
                resetEnd();
                list.change({ filters: { start: '', end: '' } });
              }}
            >
              {t('analytics.reset')}
            </Button>
          </Group>
          <ExportCsvButton name="mill-activity" header={csv.header} rows={csv.rows} />
        </Group>
        {!valid ? null : activity.error ? (
          <LoadFailure error={activity.error} onRetry={() => void activity.refetch()} />
        ) : !activity.data ? (
          <Loading />
        ) : (
          <DataTable
            columns={columns}
            rows={rows}
            rowKey={(row) => row.millId}
            caption={t('analytics.activity.caption')}
            sort={sort}
            onSortChange={(next) => list.change({ sort: next })}
          />
        )}
      </Stack>
    </Page>
  );
}
