import { describe, expect, it } from 'vitest';
import type { Language } from '@casebridge/shared/constants/languages';
import { formatStorage } from './analytics-parts.tsx';

/** Intl puts (narrow) no-break spaces between number and unit; the words are what is checked. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatStorage', () => {
  it('writes a size in the largest decimal unit it reaches, as the language writes it', () => {
    expect(formatStorage(18_800, 'en')).toBe('18.8 kB');
    expect(formatStorage(3_456_789, 'en')).toBe('3.46 MB');
    expect(formatStorage(2_500_000_000, 'en')).toBe('2.5 GB');
    expect(formatStorage(2_500_000_000, 'fr')).toBe('2,5\u202fGo');
  });

  // Issue 24 item 17: "0 byte" was neither translated nor the right plural.
  it.each<[Language, string[]]>([
    ['en', ['0 bytes', '1 byte', '5 bytes', '18.8 kB']],
    ['de', ['0 Byte', '1 Byte', '5 Byte', '18,8 kB']],
    ['fr', ['0 octet', '1 octet', '5 octets', '18,8 ko']],
    ['it', ['0 byte', '1 byte', '5 byte', '18,8 kB']],
    ['pl', ['0 bajtów', '1 bajt', '5 bajtów', '18,8 kB']],
    ['sp', ['0 bytes', '1 byte', '5 bytes', '18,8 kB']],
  ])('writes bytes out with their plural in %s', (language, expected) => {
    expect([0, 1, 5, 18_800].map((bytes) => plain(formatStorage(bytes, language)))).toEqual(expected);
  });
});
