import type { TFunction } from 'i18next';
import { filesExpiringNoticeSchema } from '@casebridge/shared/schemas/billing';

/** The job's days are UTC days: shown as such (DD.MM.YYYY, spec §9), not shifted by the reader's zone. */
const utcDay = new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });

/** Where a warning leads: the contract page, whose add-ons keep files longer. */
export const RETENTION_PATH = '/mill/contract?tab=contract-types';

/**
 * The text of a file-retention warning: the server stores what it announced (how many files,
 * uploaded before when, deleted on which day) as JSON, and the reader's language says it.
 */
export function filesExpiringText(t: TFunction, message: string): string {
  let notice;
  try {
    notice = filesExpiringNoticeSchema.safeParse(JSON.parse(message));
  } catch {
    return t('notifications.filesExpiringUnknown');
  }
  if (!notice.success) return t('notifications.filesExpiringUnknown');
  const { files, uploadedBefore, deleteOn } = notice.data;
  return t('notifications.filesExpiring', {
    files,
    before: utcDay.format(new Date(uploadedBefore)),
    date: utcDay.format(new Date(deleteOn)),
  });
}
