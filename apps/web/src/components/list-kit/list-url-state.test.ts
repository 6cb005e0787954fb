import { describe, expect, it } from 'vitest';
import { applyListChange, readListState, type ListUrlSpec } from './list-url-state.ts';

const spec: ListUrlSpec = { filters: ['status', 'from'], defaultSort: { field: 'created_at', direction: 'desc' } };
const read = (query: string) => readListState(new URLSearchParams(query), spec);
const change = (query: string, c: Parameters<typeof applyListChange>[2]) => applyListChange(new URLSearchParams(query), spec, c).toString();

describe('a list’s state in the URL', () => {
  it('reads page, sort, search and the declared filters; the rest is not the list’s', () => {
    expect(read('page=3&sort=email:asc&q=lena&status=active&tab=x&other=1')).toEqual({
      page: 3,
      sort: { field: 'email', direction: 'asc' },
      q: 'lena',
      filters: { status: 'active' },
      after: [],
    });
  });

  it('falls back to page 1 and the default sort on missing or broken values', () => {
    expect(read('page=-2&sort=email:sideways')).toMatchObject({ page: 1, sort: { field: 'created_at', direction: 'desc' } });
    expect(read('page=1.5')).toMatchObject({ page: 1 });
  });

  it('counts keyset pages from the cursors before them', () => {
    expect(read('after=100-1,90-2')).toMatchObject({ page: 3, after: ['100-1', '90-2'] });
  });

  it('keeps parameters it does not own, and leaves defaults out of the URL', () => {
    expect(change('tab=audit&page=2', { page: 1 })).toBe('tab=audit');
    expect(change('sort=email:asc', { sort: { field: 'created_at', direction: 'desc' } })).toBe('');
  });

  it('goes forward and back through keyset pages', () => {
    expect(change('status=active', { next: '100-1' })).toBe('status=active&after=100-1');
    expect(change('after=100-1%2C90-2', { previous: true })).toBe('after=100-1');
    expect(change('after=100-1', { previous: true })).toBe('');
  });
});

describe('the reset rules of the spec: page 1 on a new sort, filter, search or page size', () => {
  const onPage3 = 'page=3&after=&status=active';
  it.each([
    ['sort', { sort: { field: 'email', direction: 'asc' } } as const, 'status=active&sort=email%3Aasc'],
    ['search', { q: ' lena ' }, 'status=active&q=lena'],
    ['filter', { filter: 'status', value: 'inactive' }, 'status=inactive'],
    ['cleared filter', { filter: 'status', value: '' }, ''],
    ['page size', { pageSize: true } as const, 'status=active'],
  ])('a new %s returns to page 1', (_, c, expected) => {
    expect(change(onPage3, c)).toBe(expected);
  });

  it('a new filter drops the keyset cursors too', () => {
    expect(change('after=100-1&status=active', { filter: 'from', value: '2026-01-01' })).toBe('status=active&from=2026-01-01');
  });

  it('sets several filters in one step, and refuses the step if one of them is not declared', () => {
    expect(change('page=2&status=active&from=2026-01-01', { filters: { status: '', from: '2026-02-01' } })).toBe('from=2026-02-01');
    expect(() => change('', { filters: { status: 'active', stauts: 'x' } })).toThrow(/stauts is not a filter/);
  });

  it('refuses a filter the list did not declare (a typo would silently filter nothing)', () => {
    expect(() => change('', { filter: 'page', value: '2' })).toThrow(/not a filter/);
    expect(() => change('', { filter: 'stauts', value: 'x' })).toThrow(/not a filter/);
  });
});
