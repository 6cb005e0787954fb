import type { SortState } from '../../lib/use-paging.ts';

/**
 * A list's state as it lives in the URL's search parameters (issue 27 part 3, ADR 0024), so a
 * reload, a shared link and the back button keep it: `page`, `sort` (`field:asc`), `q` (the
 * search), `after` (the cursors of the pages before, for keyset paging) and one parameter per
 * declared filter, under the filter's own name. Parameters the list does not own (a tab, say) are
 * left alone. Defaults are left out, so an untouched list has a clean URL.
 */
export interface ListUrlSpec {
  /** The names of the list's filters, each its own search parameter. */
  filters: readonly string[];
  defaultSort?: SortState;
}

export interface ListUrlState {
  /** 1-based; for keyset paging, the number of cursors before it plus one. */
  page: number;
  sort: SortState | undefined;
  q: string;
  filters: Record<string, string>;
  /** Keyset paging: the `next` cursor of each page before this one, oldest first. */
  after: string[];
}

/** A user's change to a list; every change but paging returns to page 1 (spec: reset to page 1). */
export type ListChange =
  | { page: number }
  | { sort: SortState }
  | { q: string }
  | { filter: string; value: string }
  /** Several filters in one step (one history entry): a reset, or a choice that clears another filter. */
  | { filters: Record<string, string> }
  | { next: string }
  | { previous: true }
  /** A new page size shows other rows on every page: back to the first. */
  | { pageSize: true };

const RESERVED = ['page', 'sort', 'q', 'after'];

function parseSort(value: string | null, fallback: SortState | undefined): SortState | undefined {
  const match = value ? /^([\w.]+):(asc|desc)$/.exec(value) : null;
  return match ? { field: match[1]!, direction: match[2] as SortState['direction'] } : fallback;
}

export function readListState(params: URLSearchParams, spec: ListUrlSpec): ListUrlState {
  const after = (params.get('after') ?? '').split(',').filter(Boolean);
  const page = Number(params.get('page'));
  const filters = Object.fromEntries(spec.filters.map((name) => [name, params.get(name) ?? '']).filter(([, value]) => value !== ''));
  return {
    page: after.length > 0 ? after.length + 1 : Number.isInteger(page) && page > 1 ? page : 1,
    sort: parseSort(params.get('sort'), spec.defaultSort),
    q: params.get('q') ?? '',
    filters,
    after,
  };
}

const sameSort = (a: SortState | undefined, b: SortState | undefined) => a?.field === b?.field && a?.direction === b?.direction;

function setOrDelete(params: URLSearchParams, name: string, value: string) {
  if (value === '') params.delete(name);
  else params.set(name, value);
}

/** The search parameters after a change, with the reset rules applied; `params` is not modified. */
export function applyListChange(params: URLSearchParams, spec: ListUrlSpec, change: ListChange): URLSearchParams {
  const next = new URLSearchParams(params);
  const current = readListState(params, spec);
  if ('page' in change) {
    setOrDelete(next, 'page', change.page > 1 ? String(change.page) : '');
    return next;
  }
  if ('next' in change) {
    next.set('after', [...current.after, change.next].join(','));
    return next;
  }
  if ('previous' in change) {
    setOrDelete(next, 'after', current.after.slice(0, -1).join(','));
    return next;
  }
  if ('sort' in change)
    setOrDelete(next, 'sort', sameSort(change.sort, spec.defaultSort) ? '' : `${change.sort.field}:${change.sort.direction}`);
  if ('q' in change) setOrDelete(next, 'q', change.q.trim());
  const filters = 'filter' in change ? { [change.filter]: change.value } : 'filters' in change ? change.filters : {};
  for (const [name, value] of Object.entries(filters)) {
    if (RESERVED.includes(name) || !spec.filters.includes(name)) throw new Error(`${name} is not a filter of this list`);
    setOrDelete(next, name, value);
  }
  next.delete('page');
  next.delete('after');
  return next;
}
