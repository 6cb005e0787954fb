import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useListChange } from './use-list-state.ts';

const spec = { filters: ['status'] };

/** The list's change function over parameters the test renders, as the router would, one navigation at a time. */
function changes(initial: string) {
  const setParams = vi.fn();
  const hook = renderHook(({ search }) => useListChange(new URLSearchParams(search), setParams, spec), {
    initialProps: { search: initial },
  });
  const written = () => String(setParams.mock.lastCall![0]);
  const render = (search: string) => hook.rerender({ search });
  return { change: (...args: Parameters<ReturnType<typeof useListChange>>) => hook.result.current(...args), written, render };
}

describe('useListChange', () => {
  it('keeps what it wrote while the router renders an earlier write of its own (a sort just after a filter just after the search)', () => {
    const list = changes('');
    list.change({ q: 'crown' });
    list.change({ filter: 'status', value: 'Open' });
    expect(list.written()).toBe('q=crown&status=Open');
    // The router renders the search's navigation; the filter's is still to come.
    list.render('q=crown');
    list.change({ sort: { field: 'name', direction: 'asc' } });
    expect(list.written()).toBe('q=crown&status=Open&sort=name%3Aasc');
  });

  it('follows the render again once it shows the last write, or another URL (the back button)', () => {
    const list = changes('');
    list.change({ q: 'crown' });
    list.change({ filter: 'status', value: 'Open' });
    list.render('q=crown');
    list.render('q=crown&status=Open');
    // Back to the search alone: it is one of the list's own writes, but no longer on the way.
    list.render('q=crown');
    list.change({ page: 2 });
    expect(list.written()).toBe('q=crown&page=2');
    list.render('q=crown&page=2');
    list.render('');
    list.change({ filter: 'status', value: 'Closed' });
    expect(list.written()).toBe('status=Closed');
  });
});
