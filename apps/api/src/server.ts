import path from 'node:path';
import { pino } from 'pino';
import { LocalStorage } from './platform/storage/storage.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { seedIfEmpty } from './db/seed/seed.ts';
import { loadOrCreateSecrets } from './lib/secrets.ts';

/** Starts the portal: database (embedded unless DATABASE_URL), migrations, demo data, HTTP. */
async function main() {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  const secrets = await loadOrCreateSecrets(config.dataDir);
  const pgLog = log.child({ component: 'postgres' });
  const database = await openDatabase(config, secrets, (line) => pgLog.debug(line));
  await runMigrations(database);
  if (database.embedded) {
    const demo = await seedIfEmpty(database.db, new LocalStorage(path.join(config.dataDir, 'files')));
    if (demo) {
      log.info({ accounts: demo.accounts.map((a) => a.email), activationKeys: demo.activationKeys }, 'demo data created');
      console.log(`\n${demo.summary}\n`);
    }
  }
  const app = await buildApp({ config, database, jwtSecret: config.jwtSecret ?? secrets.jwtSecret });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down: finishing open requests');
    const force = setTimeout(() => process.exit(1), 25_000);
    force.unref();
    await app.close();
    await database.close();
    log.info('stopped cleanly');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    // A taken port must not leave our PostgreSQL running behind us.
    await app.close();
    await database.close();
    throw error;
  }
  log.info({ url: `http://localhost:${config.port}`, dataDir: config.dataDir, embeddedDb: database.embedded }, 'CaseBridge is running');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
