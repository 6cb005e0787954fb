import { useCallback, useMemo, useState } from 'react';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@casebridge/shared/constants/paging';
import { STORAGE_KEYS } from '@casebridge/shared/constants/storage-keys';
import { useStoredValue, writeStorage } from './local-storage.ts';
import { useSession } from './session.ts';

export type SortDirection = 'asc' | 'desc';

export interface SortState {
  field: string;
  direction: SortDirection;
}

export function parsePageSize(value: string | number | null | undefined): number | null {
  const size = Number(value);
  return (PAGE_SIZES as readonly number[]).includes(size) ? size : null;
}

/**
 * Page size of every list (spec §9): the size last chosen in any list (local storage `pageSize`),
 * else the user's setting, else 10.
 */
export function usePageSize(): [number, (size: number) => void] {
  const { session } = useSession();
  const stored = useStoredValue(STORAGE_KEYS.pageSize);
  const size = parsePageSize(stored) ?? parsePageSize(session?.user.userSettings.pageSize) ?? DEFAULT_PAGE_SIZE;
  const setSize = useCallback((next: number) => writeStorage(STORAGE_KEYS.pageSize, String(next)), []);
  return [size, setSize];
}

/** The list query of DESIGN §5 for one paged, sortable list: `_start`, `_limit`, `_sort`. */
export function usePaging(defaultSort: SortState) {
  const [pageSize, storePageSize] = usePageSize();
  const [page, setPage] = useState(1);
  const [sort, setSortState] = useState<SortState>(defaultSort);

  const setPageSize = useCallback(
    (size: number) => {
      storePageSize(size);
      setPage(1);
    },
    [storePageSize],
  );

  const setSort = useCallback((next: SortState) => {
    setSortState(next);
    setPage(1);
  }, []);

  const params = useMemo(
    () => ({ _start: (page - 1) * pageSize, _limit: pageSize, _sort: `${sort.field}:${sort.direction}` }),
    [page, pageSize, sort],
  );

  return { page, setPage, pageSize, setPageSize, sort, setSort, params };
}

export type Paging = ReturnType<typeof usePaging>;
