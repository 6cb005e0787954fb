import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams, type SetURLSearchParams } from 'react-router';
import { usePageSize } from '../../lib/use-paging.ts';
import { applyListChange, readListState, type ListChange, type ListUrlSpec } from './list-url-state.ts';

/** Spec (manager-dealer, constants): a search waits 1000 ms after the last key before it asks the server. */
export const LIST_SEARCH_DEBOUNCE_MS = 1000;

export interface ListStateOptions extends ListUrlSpec {
  searchDebounceMs?: number;
}

/**
 * The search box's text: typed freely, written to the URL (and so to the query) once the typing
 * pauses; when the URL's search changes by navigation (back button), the box follows.
 */
function useSearchInput(urlQ: string, debounceMs: number, commit: (q: string) => void) {
  const [input, setInput] = useState(urlQ);
  const [seenQ, setSeenQ] = useState(urlQ);
  if (seenQ !== urlQ) {
    setSeenQ(urlQ);
    setInput(urlQ);
  }
  const [debounced] = useDebouncedValue(input.trim(), debounceMs);
  const lastDebounced = useRef(debounced);
  useEffect(() => {
    if (debounced === lastDebounced.current) return;
    lastDebounced.current = debounced;
    if (debounced !== urlQ) commit(debounced);
  }, [debounced, urlQ, commit]);
  return [input, setInput] as const;
}

/** What a list wrote that the router may not have rendered yet: the parameters shown then, and each write since. */
interface Unrendered {
  from: URLSearchParams;
  written: string[];
  next: URLSearchParams;
}

/** A write before the latest one: the router renders each navigation, so it may show one on the way to the latest. */
const onTheWay = (pending: Unrendered, params: URLSearchParams) => pending.written.slice(0, -1).includes(params.toString());

/**
 * Applies a change to the URL. react-router hands a functional update the search parameters of the
 * last render, and a navigation renders a moment later (a transition), one navigation at a time: a
 * second change before the first has rendered (a quick click on the pager after a sort), or while
 * only an earlier one has (a sort just after a filter just after the search), would drop what was
 * written since. So it builds on what it wrote last until the render shows it, or shows another
 * URL (the back button).
 */
export function useListChange(params: URLSearchParams, setParams: SetURLSearchParams, spec: ListUrlSpec) {
  const pending = useRef<Unrendered | null>(null);
  useEffect(() => {
    const current = pending.current;
    if (current && current.from !== params && !onTheWay(current, params)) pending.current = null;
  }, [params]);
  return useCallback(
    // `replace` corrects the URL in place (a page beyond the last), so the back button does not return to it.
    (c: ListChange, options: { replace?: boolean } = {}) => {
      const current = pending.current;
      const behind = current !== null && (current.from === params || onTheWay(current, params));
      const next = applyListChange(behind ? current.next : params, spec, c);
      pending.current = {
        from: behind ? current.from : params,
        written: [...(behind ? current.written : []), next.toString()],
        next,
      };
      setParams(next, options);
    },
    [params, setParams, spec],
  );
}

/**
 * One list's state (ADR 0024): page, sort, search and filters in the URL, the page size as the
 * user chose it (spec §9, usePageSize). Each change is a new history entry, so the back button
 * undoes it.
 */
export function useListState(options: ListStateOptions) {
  const [params, setParams] = useSearchParams();
  const [pageSize, storePageSize] = usePageSize();
  // The declaration is static per page, but its array may be new on every render: key it by value.
  const filterNames = options.filters.join(',');
  const { field, direction } = options.defaultSort ?? {};
  const spec = useMemo<ListUrlSpec>(
    () => ({ filters: filterNames.split(',').filter(Boolean), defaultSort: field && direction ? { field, direction } : undefined }),
    [filterNames, field, direction],
  );
  const state = useMemo(() => readListState(params, spec), [params, spec]);
  const change = useListChange(params, setParams, spec);
  const commitSearch = useCallback((q: string) => change({ q }), [change]);
  const [searchInput, setSearchInput] = useSearchInput(state.q, options.searchDebounceMs ?? LIST_SEARCH_DEBOUNCE_MS, commitSearch);

  const setPageSize = useCallback(
    (size: number) => {
      storePageSize(size);
      change({ pageSize: true });
    },
    [storePageSize, change],
  );

  return { ...state, pageSize, setPageSize, change, searchInput, setSearchInput };
}

export type ListState = ReturnType<typeof useListState>;

/** DESIGN §5's offset query of a paged, sortable, searchable list. */
export function offsetQuery(list: ListState) {
  return {
    _start: (list.page - 1) * list.pageSize,
    _limit: list.pageSize,
    ...(list.sort && { _sort: `${list.sort.field}:${list.sort.direction}` }),
    ...(list.q && { _q: list.q }),
  };
}

/** What the list shows, as one string: a selection belongs to it (useListSelection's `view`). */
export function listViewKey(list: ListState) {
  return JSON.stringify([list.page, list.pageSize, list.sort, list.q, list.filters, list.after]);
}
