import { describe, expect, it } from 'vitest';
import { resources } from '../../../locales/resources.ts';

type Tree = { [key: string]: string | Tree };

function texts(tree: Tree): string[] {
  return Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : texts(value)));
}

describe('Polish wording of orders', () => {
  // The sidebar said "Zlecenia" while the pages said "zamówień": one word for an order throughout.
  it('calls an order "zamówienie" everywhere, never "zlecenie"', () => {
    const polish = texts(resources.pl.translation as Tree);
    expect(polish.filter((text) => /zlece/i.test(text))).toEqual([]);
    expect((resources.pl.translation as Tree & { nav: { orders: string } }).nav.orders).toBe('Zamówienia');
  });
});
