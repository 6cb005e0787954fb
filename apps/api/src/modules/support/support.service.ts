import type { AppDeps } from '../../deps.ts';
import { authorize } from '../../access/access.ts';
import type { SessionUser } from '../../access/session-check.ts';
import { escapeHtml } from '../../lib/html.ts';
import { companyById } from '../companies/companies.queries.ts';

export interface SupportMessage {
  topic: string;
  message: string;
}

/**
 * The mill's staff and its labs write to the operator's support about that mill. The mail names
 * the sender, so support can answer without asking who wrote; it leaves through the job queue.
 */
export async function contactSupport(deps: AppDeps, user: SessionUser, millId: number, { topic, message }: SupportMessage): Promise<void> {
  await authorize(deps.db, user, 'mill.support', { millId });
  const company = await companyById(deps.db, user.companyId);
  const sender = `${user.firstName} ${user.lastName} <${user.email}>, ${user.roleType} user of ${company?.name ?? 'no company'} (user ${user.id}), about mill ${millId}`;
  await deps.jobs.enqueue(deps.db, 'mail.send', {
    to: deps.config.supportEmail,
    subject: `[Support] ${topic}`,
    text: `From: ${sender}\n\n${message}`,
    html: `<p><b>From:</b> ${escapeHtml(sender)}</p><pre style="white-space:pre-wrap">${escapeHtml(message)}</pre>`,
  });
}
