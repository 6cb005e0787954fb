import { pino } from 'pino';
import { createStorage } from './platform/storage/create-storage.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { seedIfEmpty } from './db/seed/seed.ts';
import { prepareHttpDrain } from './lib/http-drain.ts';
import { encryptionKeyOf, loadOrCreateSecrets } from './lib/secrets.ts';
import { DRAIN_LIMIT_MS, SHUTDOWN_LIMIT_MS } from './lib/shutdown-limits.ts';
import { exitAfterFailedStart, StartupError } from './lib/startup-error.ts';

/** Starts the portal: database (embedded unless DATABASE_URL), migrations, demo data, HTTP. */
async function main() {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  if (config.databaseUrl && !config.jwtSecret) {
    log.warn('JWT_SECRET is not set: sessions are signed with a secret generated in DATA_DIR, which other processes do not share');
  }
  const secrets = await loadOrCreateSecrets(config.dataDir);
  const pgLog = log.child({ component: 'postgres' });
  const database = await openDatabase(config, secrets, (line) => pgLog.debug(line));
  await runMigrations(database);
  if (database.embedded) {
    const encryptionKey = encryptionKeyOf(config.encryptionKey, config.jwtSecret ?? secrets.jwtSecret);
    const demo = await seedIfEmpty(database.db, createStorage(config), encryptionKey);
    if (demo) {
      log.info({ accounts: demo.accounts.map((a) => a.email), activationKeys: demo.activationKeys }, 'demo data created');
      console.log(`\n${demo.summary}\n`);
    }
  }
  const app = await buildApp({ config, database, jwtSecret: config.jwtSecret ?? secrets.jwtSecret });
  const httpDrain = prepareHttpDrain(app);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const force = setTimeout(() => {
      log.error('shutdown took too long: exiting anyway');
      process.exit(1);
    }, config.shutdownDelayMs + SHUTDOWN_LIMIT_MS);
    force.unref();
    // Load balancers see the readiness probe fail and stop sending requests; those that still come are served.
    app.deps.lifecycle.stopping = true;
    log.info({ signal, delayMs: config.shutdownDelayMs }, 'shutting down: not ready from now on, serving until the delay ends');
    await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
    log.info('draining: answering the requests already sent, new ones with 503');
    const { timedOut } = await httpDrain.drain(DRAIN_LIMIT_MS);
    if (timedOut) log.warn({ afterMs: DRAIN_LIMIT_MS }, 'requests still running were cut off');
    // app.close() runs the app's close hooks: websockets are told to reconnect (to another
    // process behind a load balancer), background jobs drain, Redis disconnects. All of them
    // may still need the database, so it closes last.
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
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new StartupError(`PORT ${config.port} is already in use on ${config.host}: stop the other server or set PORT to a free port.`);
    }
    throw error;
  }
  log.info({ url: `http://localhost:${config.port}`, dataDir: config.dataDir, embeddedDb: database.embedded }, 'CaseBridge is running');
}

main().catch(exitAfterFailedStart);
