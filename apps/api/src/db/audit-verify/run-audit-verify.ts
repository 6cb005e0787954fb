import { pino } from 'pino';
import { loadConfig } from '../../config.ts';
import { loadOrCreateSecrets } from '../../lib/secrets.ts';
import { exitAfterFailedStart } from '../../lib/startup-error.ts';
import { sealAuditEntries } from '../../platform/audit/audit-seal.ts';
import { verifyAuditChain } from '../../platform/audit/audit-verify.ts';
import { openDatabase } from '../client.ts';

/**
 * `npm run audit:verify`: the database as `npm run seed` reaches it (DATABASE_URL or the embedded
 * one, shared with a running portal). Seals what waits, walks the chain, prints the first broken
 * entry's id and exits 1 when it is broken (ADR 0019).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  const secrets = await loadOrCreateSecrets(config.dataDir);
  const database = await openDatabase(config, secrets, (line) => log.debug(line), 'share');
  try {
    await sealAuditEntries(database.db);
    const result = await verifyAuditChain(database.db, config.auditRetentionDays);
    if (result.ok) console.log(`audit trail intact: ${result.checked} entries checked, ${result.unsealed} waiting to be sealed`);
    else {
      console.log(`audit trail BROKEN at entry ${result.brokenId ?? '(anchor)'}: ${result.reason}`);
      process.exitCode = 1;
    }
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 2;
  } finally {
    await database.close();
  }
}

await main().catch(exitAfterFailedStart);
