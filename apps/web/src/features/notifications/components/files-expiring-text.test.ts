import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { filesExpiringText } from './files-expiring-text.ts';

/** Echoes the key and its values, so the test sees what the page asks the translation for. */
const t = ((key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key)) as unknown as TFunction;

describe('filesExpiringText', () => {
  it('says how many files go on which UTC day, whatever the reader’s time zone', () => {
    const message = JSON.stringify({ files: 12, uploadedBefore: '2025-01-09T00:00:00.000Z', deleteOn: '2025-02-08T00:00:00.000Z' });
    expect(filesExpiringText(t, message)).toBe('notifications.filesExpiring {"files":12,"before":"09.01.2025","date":"08.02.2025"}');
  });

  it('falls back to a general warning for a message it cannot read', () => {
    expect(filesExpiringText(t, 'not json')).toBe('notifications.filesExpiringUnknown');
    expect(filesExpiringText(t, JSON.stringify({ files: 'many' }))).toBe('notifications.filesExpiringUnknown');
  });
});
