import path from 'node:path';
import { pino } from 'pino';
import { LocalStorage } from '../../platform/storage/storage.ts';
import { loadConfig } from '../../config.ts';
import { loadOrCreateSecrets } from '../../lib/secrets.ts';
import { openDatabase } from '../client.ts';
import { runMigrations } from '../migrate.ts';
import { seedDemo } from './seed.ts';

/** `npm run seed`: demo data on demand, on the embedded database or on DATABASE_URL. */
const config = loadConfig();
const log = pino({ level: config.logLevel });
const secrets = await loadOrCreateSecrets(config.dataDir);
const database = await openDatabase(config, secrets, () => undefined);
try {
  await runMigrations(database);
  const demo = await seedDemo(database.db, new LocalStorage(path.join(config.dataDir, 'files')));
  console.log(demo.summary);
} catch (error) {
  log.error({ err: error }, 'seeding failed');
  process.exitCode = 1;
} finally {
  await database.close();
}
