/** The export's limits and the README inside every ZIP (issue 28 part 4). */

/** The mailed link works this long; then the file goes through the storage removal queue. */
export const EXPORT_LINK_DAYS = 7;
/** At most this many exports asked for per user and rolling day (one at a time besides). */
export const EXPORTS_PER_DAY = 3;
/** An export still being built after this long is counted as failed, so the user can ask again. */
export const STALE_EXPORT_HOURS = 24;
/** Far above any real export (it holds no order file's bytes); a bug that loops stops here. */
export const MAX_EXPORT_BYTES = 512 * 1024 * 1024;

/** What each file of the ZIP holds; README.txt lists them in this order. */
export const EXPORT_FILES = {
  'profile.json':
    'Your account: names, e-mail address, language, role, company, whether you have a picture and a second factor, when you signed up.',
  'settings.json': 'Your settings: notifications, page size, download folder structure, report date format, ticket reminders.',
  'memberships.json': 'Where you work: the mills (with your role there: admin or user), the lab and the dealer your account belongs to.',
  'sessions.json':
    'Where you signed in: device, IP address, how you signed in, first and last seen, when it ended. Ended sessions are deleted 90 days after their end.',
  'messages.json': 'Every message you wrote on an order: its text, the order and component, when it was written and first read.',
  'notifications.json': 'What the bell showed you: new orders, messages, plan limits and files about to be deleted.',
  'audit-entries.json':
    'The audit trail entries of what you did (you are the actor): when, what, which object, from which IP address, ' +
    'the changed fields. Entries are kept for the configured retention (2 years unless the operator sets another).',
  'files.json':
    'The files you uploaded to orders, described: name, size, SHA-256, type, order and component, when. ' +
    'Their contents are not included: they are the order of a mill and a lab, often with patient data, ' +
    'and are downloaded from the order itself while the mill keeps them.',
} as const;

export type ExportFileName = keyof typeof EXPORT_FILES;

export function readmeText(generatedAt: Date, userId: number): string {
  const lines = Object.entries(EXPORT_FILES).map(([name, what]) => `${name}\n  ${what}`);
  return [
    'CaseBridge: your personal data',
    `Account ${userId}, generated ${generatedAt.toISOString()} (times in UTC, ISO 8601).`,
    '',
    'Every file is JSON (UTF-8). What each holds:',
    '',
    ...lines,
    '',
    'Invoices are the mill company’s and are read on the contract page; they name the company, not you.',
    'Questions about your data: write to the support address on the portal’s contact page.',
    '',
  ].join('\n');
}
