import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import de from '../../../locales/de/translation.json';
import en from '../../../locales/en/translation.json';
import fr from '../../../locales/fr/translation.json';
import it_ from '../../../locales/it/translation.json';
import pl from '../../../locales/pl/translation.json';
import sp from '../../../locales/sp/translation.json';
import { addSample, formatDuration, formatTransfer, RATE_WINDOW_MS, transferRate } from './upload-progress-format.ts';

const MIB = 1024 * 1024;
const resources = { de, en, fr, it: it_, pl, sp };
const ts: Record<string, TFunction> = {};

beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({
    resources: Object.fromEntries(Object.entries(resources).map(([lng, translation]) => [lng, { translation }])),
    lng: 'en',
    interpolation: { escapeValue: false },
  });
  for (const lng of Object.keys(resources)) ts[lng] = instance.getFixedT(lng);
});

/** Intl puts no-break spaces inside "42 %" and "5 s"; the assertions read them as spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/** 12.3 MiB of 29.1 MiB sent at 4.1 MiB/s: a bit over 4 seconds left. */
const midway = { sent: Math.round(12.3 * MIB), total: Math.round(29.1 * MIB), rate: 4.1 * MIB };

describe('formatTransfer', () => {
  it('says share, amount, speed and time left in English', () => {
    expect(formatTransfer(ts.en!, 'en', midway)).toBe('42% · 12.3 MiB of 29.1 MiB · 4.1 MiB/s · 5 sec left');
  });

  it('says it in each of the six languages, with their number style and words', () => {
    expect(plain(formatTransfer(ts.de!, 'de', midway))).toBe('42 % · 12.3 MiB von 29.1 MiB · 4.1 MiB/s · noch 5 Sek.');
    expect(plain(formatTransfer(ts.fr!, 'fr', midway))).toBe('42 % · 12.3 MiB sur 29.1 MiB · 4.1 MiB/s · temps restant : 5 s');
    expect(plain(formatTransfer(ts.sp!, 'sp', midway))).toBe('42 % · 12.3 MiB de 29.1 MiB · 4.1 MiB/s · quedan 5 s');
    expect(plain(formatTransfer(ts.it!, 'it', midway))).toBe('42% · 12.3 MiB di 29.1 MiB · 4.1 MiB/s · mancano 5 s');
    expect(plain(formatTransfer(ts.pl!, 'pl', midway))).toBe('42% · 12.3 MiB z 29.1 MiB · 4.1 MiB/s · pozostało 5 sek.');
  });

  it('leaves out speed and time until measured, and after the end', () => {
    expect(formatTransfer(ts.en!, 'en', { ...midway, rate: null })).toBe('42% · 12.3 MiB of 29.1 MiB');
    expect(formatTransfer(ts.en!, 'en', { sent: 100, total: 100, rate: 50, done: true })).toBe('100% · 100 B of 100 B');
  });

  it('shows 100 % only once the last byte is sent', () => {
    expect(formatTransfer(ts.en!, 'en', { sent: 999, total: 1000, rate: null })).toMatch(/^99% /);
  });
});

describe('formatDuration', () => {
  it('uses seconds, then minutes, then hours, rounding up', () => {
    expect(formatDuration(0.2, 'en')).toBe('1 sec');
    expect(formatDuration(59, 'en')).toBe('59 sec');
    expect(formatDuration(61, 'en')).toBe('2 min');
    expect(plain(formatDuration(3 * 3600 - 10, 'de'))).toBe('3 Std.');
  });
});

describe('transferRate', () => {
  it('measures bytes per second over the recent window only', () => {
    let samples = addSample([], { at: 0, sent: 0 });
    expect(transferRate(samples)).toBeNull();
    samples = addSample(samples, { at: 1000, sent: 1000 });
    expect(transferRate(samples)).toBe(1000);
    // A fast start long ago does not count: only the last window's bytes do.
    samples = addSample(samples, { at: 1000 + RATE_WINDOW_MS * 2, sent: 2000 });
    samples = addSample(samples, { at: 2000 + RATE_WINDOW_MS * 2, sent: 2500 });
    expect(transferRate(samples)).toBe(500);
  });
});
