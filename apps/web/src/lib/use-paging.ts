import { useCallback } from 'react';
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
