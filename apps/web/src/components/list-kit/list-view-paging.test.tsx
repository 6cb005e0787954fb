import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { ListView } from './list-view.tsx';
import { useListState } from './use-list-state.ts';

function Harness({ total }: { total: number }) {
  const list = useListState({ filters: [] });
  const rows = [{ id: 1 }];
  return (
    <ListView
      list={list}
      result={{ isPending: false, isError: false, error: null, data: { rows, total } }}
      columns={[{ key: 'id', header: 'Id', render: (row) => row.id }]}
      rowKey={(row) => row.id}
    />
  );
}

describe('ListView offset paging', () => {
  it('corrects a page beyond the last in place, so the back button leaves the list instead of returning to it', async () => {
    const { router } = renderRoutes([{ path: '*', element: <Harness total={12} /> }], { path: '/elsewhere' });
    await router.navigate('/list?page=7&sort=id:asc');
    await waitFor(() => expect(router.state.location.search).toBe('?page=2&sort=id%3Aasc'));
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });
});
