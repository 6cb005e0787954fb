import { describe, expect, it } from 'vitest';
import { formatBytes } from './bytes.ts';

describe('formatBytes', () => {
  it('shows whole bytes below one KiB', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
  });

  it('steps up in binary units with one decimal', () => {
    expect(formatBytes(1024)).toBe('1.0 KiB');
    expect(formatBytes(300_000)).toBe('293.0 KiB');
    expect(formatBytes(1.5 * 1024 ** 2)).toBe('1.5 MiB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5.0 GiB');
  });

  it('moves to the next unit when the figure would round up to 1024', () => {
    expect(formatBytes(1024 ** 2 - 1)).toBe('1.0 MiB');
  });

  it('stays in TiB past the largest unit', () => {
    expect(formatBytes(2048 * 1024 ** 4)).toBe('2048.0 TiB');
  });
});
