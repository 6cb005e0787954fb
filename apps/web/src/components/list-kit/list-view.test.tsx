import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { ListFilters } from './list-filters.tsx';
import { ListView } from './list-view.tsx';
import { useListState } from './use-list-state.ts';

interface Row {
  id: number;
  name: string;
}
const rows: Row[] = [
  { id: 1, name: 'Alpha' },
  { id: 2, name: 'Beta' },
];

function Harness({
  archive,
  shown = rows,
  total = shown.length,
}: {
  archive: (rows: Row[]) => Promise<void>;
  shown?: Row[];
  total?: number;
}) {
  const list = useListState({ filters: ['sub'] });
  return (
    <ListView
      list={list}
      result={{ isPending: false, isError: false, error: null, data: { rows: shown, total } }}
      columns={[{ key: 'name', header: 'Name', sortField: 'name', render: (row) => row.name }]}
      rowKey={(row) => row.id}
      search="Search names"
      filters={[{ name: 'sub', label: 'With branches', kind: 'switch', checked: true }]}
      batch={{ actions: [{ label: 'Archive', run: archive }], rowLabel: (row) => `Select ${row.name}` }}
    />
  );
}

describe('ListView', () => {
  it('runs a batch action on the selected rows, then clears the selection', async () => {
    const archive = vi.fn(async () => undefined);
    renderRoutes([{ path: '*', element: <Harness archive={archive} /> }]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select Beta' }));
    expect(screen.getByText('Selected: 1')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    expect(archive).toHaveBeenCalledWith([rows[1]]);
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'Select Beta' }) as HTMLInputElement).checked).toBe(false));
    expect(screen.queryByText(/^Selected:/)).toBeNull();
  });

  it('selects every row of the page at once', async () => {
    renderRoutes([{ path: '*', element: <Harness archive={vi.fn()} /> }]);
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByText('Selected: 2')).toBeTruthy();
  });

  it('says "No data found" for an empty page, and marks the sorted column with aria-sort', async () => {
    const { router } = renderRoutes([{ path: '*', element: <Harness archive={vi.fn()} shown={[]} /> }], { path: '/?sort=name:desc' });
    expect(screen.getByText('No data found')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending');
    await userEvent.setup().click(screen.getByRole('button', { name: /Name/ }));
    expect(router.state.location.search).toBe('?sort=name%3Aasc');
  });

  it('writes the search to the URL once the typing pauses, and follows the URL back', async () => {
    const { router } = renderRoutes([{ path: '*', element: <Harness archive={vi.fn()} /> }], { path: '/?sort=name:desc' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search names'), 'lena');
    expect(router.state.location.search).toBe('?sort=name:desc');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=name%3Adesc&q=lena'), { timeout: 2500 });
    await router.navigate(-1);
    await waitFor(() => expect((screen.getByLabelText('Search names') as HTMLInputElement).value).toBe(''));
    expect(router.state.location.search).toBe('?sort=name:desc');
  });

  it('drops the selection on another page even when it shows the same rows', async () => {
    renderRoutes([{ path: '*', element: <Harness archive={vi.fn()} total={25} /> }]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select Beta' }));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.queryByText(/^Selected:/)).toBeNull());
  });

  it('keeps a switch filter on by default out of the URL, and writes it when turned off', async () => {
    const { router } = renderRoutes([{ path: '*', element: <Harness archive={vi.fn()} /> }], { path: '/?page=2' });
    const user = userEvent.setup();
    const sub = screen.getByRole('switch', { name: 'With branches' }) as HTMLInputElement;
    expect(sub.checked).toBe(true);
    await user.click(sub);
    expect(router.state.location.search).toBe('?sub=false');
    expect(sub.checked).toBe(false);
    await user.click(sub);
    expect(router.state.location.search).toBe('');
  });

  it('names a select filter whose options could not be loaded', () => {
    function Filters() {
      const list = useListState({ filters: ['dealer'] });
      const options = [{ value: '', label: 'All' }];
      return (
        <ListFilters
          list={list}
          filters={[{ name: 'dealer', label: 'Dealer', kind: 'select', options, error: 'Not loaded' }]}
          search={false}
        />
      );
    }
    renderRoutes([{ path: '*', element: <Filters /> }]);
    expect(screen.getByRole('combobox', { name: 'Dealer' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Not loaded')).toBeTruthy();
  });

  it('titles a failed load with the page’s words', () => {
    function Failed() {
      const list = useListState({ filters: [] });
      const result = { isPending: false, isError: true, error: new Error('down') };
      return <ListView<Row> list={list} result={result} columns={[]} rowKey={(row) => row.id} errorTitle="Users not loaded" />;
    }
    renderRoutes([{ path: '*', element: <Failed /> }]);
    expect(screen.getByRole('alert').textContent).toMatch(/^Users not loaded/);
  });

  it('keeps a change made before the URL’s last change has rendered (a quick click after a sort)', async () => {
    function Quick() {
      const list = useListState({ filters: ['sub'] });
      const both = () => {
        list.change({ sort: { field: 'name', direction: 'asc' } });
        list.change({ page: 2 });
      };
      return <button onClick={both}>Sort, then page 2</button>;
    }
    const { router } = renderRoutes([{ path: '*', element: <Quick /> }], { path: '/?sub=false' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sort, then page 2' }));
    expect(router.state.location.search).toBe('?sub=false&sort=name%3Aasc&page=2');
  });
});
