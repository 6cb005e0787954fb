import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { ListFilters } from './list-filters.tsx';
import { useListState } from './use-list-state.ts';

const clients = [
  { value: '', label: 'Any' },
  { value: '5', label: 'Demo Lab' },
  { value: '6', label: 'Smile Lab' },
];

function Harness() {
  const list = useListState({ filters: ['client'] });
  return (
    <ListFilters
      list={list}
      filters={[{ name: 'client', label: 'Client', kind: 'select', options: clients, searchable: true }]}
      search={false}
    />
  );
}

describe('a searchable select filter', () => {
  it('narrows its options as one types, writes the choice to the URL and follows the URL back', async () => {
    const { router } = renderRoutes([{ path: '*', element: <Harness /> }], { path: '/?client=5&page=3' });
    const input = screen.getByLabelText('Client', { selector: 'input' }) as HTMLInputElement;
    expect(input.value).toBe('Demo Lab');
    const user = userEvent.setup();
    await user.clear(input);
    await user.type(input, 'smi');
    expect(screen.queryByRole('option', { name: 'Demo Lab', hidden: true })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Smile Lab', hidden: true }));
    expect(router.state.location.search).toBe('?client=6');

    await user.click(input);
    await user.click(await screen.findByRole('option', { name: 'Any', hidden: true }));
    expect(router.state.location.search).toBe('');
    await router.navigate(-1);
    await waitFor(() => expect(input.value).toBe('Smile Lab'));
  });
});

function ReadHarness() {
  const list = useListState({ filters: ['read'] });
  const options = [
    { value: '', label: 'All' },
    { value: 'unread', label: 'Unread' },
    { value: 'read', label: 'Read' },
  ];
  return <ListFilters list={list} filters={[{ name: 'read', label: 'Show', kind: 'segmented', options }]} search={false} />;
}

describe('a segmented filter', () => {
  it('is a radio group named by its label; a choice returns to page 1, the default leaves the URL, and it follows the URL back', async () => {
    const { router } = renderRoutes([{ path: '*', element: <ReadHarness /> }], { path: '/?read=unread&page=3&tab=messages' });
    const group = screen.getByRole('radiogroup', { name: 'Show' });
    expect((within(group).getByLabelText('Unread') as HTMLInputElement).checked).toBe(true);
    const user = userEvent.setup();
    await user.click(within(group).getByLabelText('Read'));
    expect(router.state.location.search).toBe('?read=read&tab=messages');
    await user.click(within(group).getByLabelText('All'));
    expect(router.state.location.search).toBe('?tab=messages');
    await router.navigate(-1);
    await waitFor(() => expect((within(group).getByLabelText('Read') as HTMLInputElement).checked).toBe(true));
  });
});
