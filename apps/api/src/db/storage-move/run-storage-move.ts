import { pino } from 'pino';
import { loadConfig } from '../../config.ts';
import { loadOrCreateSecrets } from '../../lib/secrets.ts';
import { exitAfterFailedStart } from '../../lib/startup-error.ts';
import { openDatabase } from '../client.ts';
import { exitCodeOf, parseMoveArgs, runStorageMove, USAGE } from './storage-move.ts';

/**
 * `npm run storage:move -- --to s3|disk`: settings from the environment as the portal takes them,
 * the database shared with a running portal (README, "Moving stored files").
 */
async function main(): Promise<void> {
  let run;
  try {
    run = parseMoveArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  const secrets = await loadOrCreateSecrets(config.dataDir);
  const database = await openDatabase(config, secrets, (line) => log.debug(line), 'share');
  // Ctrl-C or SIGTERM: files under way finish, none starts; a harder kill is safe too (the journal).
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  process.once('SIGTERM', () => stop.abort());
  try {
    const result = await runStorageMove(config, database.db, run, { out: process.stderr, signal: stop.signal });
    process.exitCode = exitCodeOf(result);
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

await main().catch(exitAfterFailedStart);
