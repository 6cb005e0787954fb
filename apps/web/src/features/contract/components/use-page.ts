import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@casebridge/shared/constants/paging';

/**
 * Spec §9: the billing, invoices and usage tables start at 10 rows whatever size the other lists
 * remember, so their paging is their own.
 */
export function usePage() {
  const [page, setPage] = useState(1);
  const [pageSize, setSize] = useState(DEFAULT_PAGE_SIZE);
  const setPageSize = (size: number) => {
    setSize(size);
    setPage(1);
  };
  return { page, setPage, pageSize, setPageSize, params: { _start: (page - 1) * pageSize, _limit: pageSize } };
}
