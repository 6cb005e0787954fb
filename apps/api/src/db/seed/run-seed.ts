import { pino } from 'pino';
import { createStorage } from '../../platform/storage/create-storage.ts';
import { loadConfig } from '../../config.ts';
import { encryptionKeyOf, loadOrCreateSecrets } from '../../lib/secrets.ts';
import { exitAfterFailedStart } from '../../lib/startup-error.ts';
import { openDatabase } from '../client.ts';
import { runMigrations } from '../migrate.ts';
import { seedDemo } from './seed.ts';

/**
 * `npm run seed`: demo data on demand, on DATABASE_URL or on the embedded database, which it
 * uses as it is if a running server owns it (and then leaves it running).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  const secrets = await loadOrCreateSecrets(config.dataDir);
  const database = await openDatabase(config, secrets, (line) => log.debug(line), 'share');
  try {
    await runMigrations(database);
    // The key the servers open the demo authenticator's secret with (they must share JWT_SECRET or APP_ENCRYPTION_KEY).
    const encryptionKey = encryptionKeyOf(config.encryptionKey, config.jwtSecret ?? secrets.jwtSecret);
    const demo = await seedDemo(database.db, createStorage(config), encryptionKey);
    console.log(demo.summary);
  } catch (error) {
    log.error({ err: error }, 'seeding failed');
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

await main().catch(exitAfterFailedStart);
