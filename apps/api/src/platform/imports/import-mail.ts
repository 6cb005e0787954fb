import { escapeHtml } from '../../lib/html.ts';

/** What every import's result mail carries besides its counts. */
export interface ImportMail {
  fileName: string;
  /** Why the import stopped early (in English, as the log shows it); null when it read the whole file. */
  error: string | null;
  /** The page with the import's log. */
  link: string;
}

/** An import kind's texts in one language; `counts` says what it counted. */
export interface ImportMailTexts<M extends ImportMail> {
  subject: (file: string, ok: boolean) => string;
  counts: (mail: M) => string;
  stopped: string;
  action: string;
}

/** The result mail of an import: the counts, why it stopped (if it did), the link to the log. */
export function renderImportMail<M extends ImportMail>(t: ImportMailTexts<M>, mail: M) {
  const counts = t.counts(mail);
  const stopped = mail.error ? `${t.stopped} ${mail.error}` : null;
  const text = [counts, stopped, `${t.action}: ${mail.link}`, 'CaseBridge'].filter(Boolean).join('\n\n');
  const html =
    [counts, stopped]
      .filter(Boolean)
      .map((line) => `<p>${escapeHtml(line!)}</p>`)
      .join('') + `<p><a href="${escapeHtml(mail.link)}">${escapeHtml(t.action)}</a></p><p>CaseBridge</p>`;
  return { subject: t.subject(mail.fileName, mail.error === null), text, html };
}
