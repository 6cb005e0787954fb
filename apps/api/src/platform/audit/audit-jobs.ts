import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { sealAuditEntries } from './audit-seal.ts';
import { verifyAuditChain, type VerifyResult } from './audit-verify.ts';

export interface AuditJobDeps {
  config: Config;
  db: Db;
  jobs: JobQueue;
  log: { error: (details: object, message: string) => void };
}

/**
 * The daily check: seals what is waiting, verifies the chain, and on a break logs at error level
 * and mails the operator's address (SUPPORT_EMAIL: the operator's inbox; config has no other
 * operator address, ADR 0019). The mail goes through the queue, so a mail server's failure retries.
 */
export async function verifyAndAlert(deps: AuditJobDeps): Promise<VerifyResult> {
  await sealAuditEntries(deps.db);
  const result = await verifyAuditChain(deps.db, deps.config.auditRetentionDays);
  if (result.ok) return result;
  deps.log.error({ brokenId: result.brokenId, reason: result.reason }, 'audit trail broken');
  const text = `The audit trail's hash chain is broken: ${result.reason}.\nFirst broken entry: ${result.brokenId ?? '(the anchor)'}.\nRun npm run audit:verify on the server to see it again.`;
  await deps.jobs.enqueue(deps.db, 'mail.send', {
    to: deps.config.supportEmail,
    subject: 'CaseBridge: the audit trail is broken',
    text,
    html: `<pre>${text.replace(/[<>&]/g, (c) => `&#${c.charCodeAt(0)};`)}</pre>`,
  });
  return result;
}
