import { describe, expect, it } from 'vitest';
import { formatStorage } from './analytics-parts.tsx';

describe('formatStorage', () => {
  it('writes a size in the largest decimal unit it reaches, as the language writes it', () => {
    expect(formatStorage(512, 'en')).toBe('512 byte');
    expect(formatStorage(18_800, 'en')).toBe('18.8 kB');
    expect(formatStorage(3_456_789, 'en')).toBe('3.46 MB');
    expect(formatStorage(2_500_000_000, 'en')).toBe('2.5 GB');
    expect(formatStorage(2_500_000_000, 'fr')).toBe('2,5\u202fGo');
  });
});
