import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import jwt from '@fastify/jwt';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { DEFAULT_RATE_LIMITS, selectPaymentProvider, type AppDeps, type RateLimits } from './deps.ts';
import { registerSessionHook } from './lib/current-user.ts';
import { registerErrorHandler } from './lib/error-handler.ts';
import { refuseIllFormedText } from './lib/well-formed-text.ts';
import { MemoryRateLimitStore, RedisRateLimitStore, type RateLimitStore } from './lib/rate-limiter.ts';
import { registerSecurityHeaders, registerWebApp } from './lib/web-static.ts';
import { OutboxMailer, SmtpMailer } from './platform/mail/mailer.ts';
import { removeQueued } from './platform/storage/removals.ts';
import { createStorage } from './platform/storage/create-storage.ts';
import { registerRoutes } from './routes.ts';
import { registerJobs } from './jobs.ts';
import { registerEventListeners } from './events.ts';
import { DomainEventBus } from './platform/events/domain-events.ts';
import { AuditTrail } from './platform/audit/audit-trail.ts';
import { JobQueue } from './platform/jobs/job-queue.ts';
import { attachRealtime } from './platform/realtime/realtime.ts';
import { TestPaymentProvider } from './platform/payments/test-provider.ts';
import { derivedSecret, encryptionKeyOf } from './lib/secrets.ts';
import { checkSessionClaims, SESSION_LIFETIME_SECONDS } from './access/session-check.ts';
import { recordRouteAccess } from './access/route-access.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const WEB_DIST = path.resolve(here, '../../web/dist');

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  jwtSecret: string;
  rateLimits?: Partial<RateLimits>;
  /** Pino logger options; tests pass false. */
  logger?: boolean | object;
  /** The built web app to serve; tests pass a folder of their own. */
  webRoot?: string;
}

async function readVersion(): Promise<string> {
  const pkg = JSON.parse(await readFile(path.resolve(here, '../../../package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}

/**
 * Builds the whole server without listening, so tests inject requests into exactly what
 * production runs. The caller owns the database and closes it.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel, redact: ['req.headers.authorization', 'req.body.password'] },
    // Behind a load balancer (TRUST_PROXY) the client address comes from X-Forwarded-For.
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerSessionHook(app, database.db);
  recordRouteAccess(app);
  refuseIllFormedText(app);

  await registerSecurityHeaders(app);
  await app.register(jwt, {
    secret: options.jwtSecret,
    sign: { algorithm: 'HS256', expiresIn: SESSION_LIFETIME_SECONDS },
    verify: { algorithms: ['HS256'] },
  });
  await app.register(multipart);

  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }) : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  const rateLimitStore: RateLimitStore = redis ? new RedisRateLimitStore(redis, config.redisKeyPrefix) : new MemoryRateLimitStore();
  const outbox = config.smtpUrl ? null : new OutboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom);

  const jobs = new JobQueue({ pool: database.pool, work: config.runJobs, onError: (error) => app.log.error({ err: error }, 'job failed') });
  const { payments, testPayments } = selectPaymentProvider(
    config,
    () =>
      new TestPaymentProvider({
        db: database.db,
        jobs,
        publicUrl: config.publicUrl,
        webhookSecret: derivedSecret(options.jwtSecret, 'test payment webhooks'),
      }),
    (error, operation) => app.log.error({ err: error, operation }, 'Stripe request failed'),
  );
  const deps: AppDeps = {
    config,
    db: database.db,
    mailer: outbox ?? new SmtpMailer(config.smtpUrl!, config.mailFrom),
    outbox,
    storage: createStorage(config),
    rateLimitStore,
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
    encryptionKey: encryptionKeyOf(config.encryptionKey, options.jwtSecret),
    signJwt: (session) => app.jwt.sign({ sub: String(session.userId), ver: session.tokenVersion, sid: session.sessionId }),
    lifecycle: { stopping: false },
    // The websocket handshake goes through the same session check as every HTTP request.
    realtime: attachRealtime(
      app.server,
      async (token) => {
        const { user, claims } = await checkSessionClaims(database.db, app.jwt, token);
        return { userId: user.id, sessionId: claims.sessionId };
      },
      redis,
      config.realtimeChannel,
    ),
    jobs,
    events: new DomainEventBus(),
    audit: new AuditTrail(config.auditDisabled),
    payments,
    testPayments,
  };
  if (config.auditDisabled) app.log.warn('AUDIT_DISABLED: changes are not audited (a measurement setting, ADR 0019)');
  registerJobs(deps, app.log);
  registerEventListeners(deps);
  // Tests reach the adapters (the test payment provider's clock-driven renewals) through the app.
  app.decorate('deps', deps);
  app.addHook('onReady', async () => deps.jobs.start());
  // Running jobs finish (or return to the queue) before the database closes behind them.
  app.addHook('onClose', async () => deps.jobs.stop());
  app.addHook('preClose', async () => deps.realtime.close());
  // Bytes a crashed process queued for removal but did not remove (platform/storage/removals.ts).
  app.addHook('onReady', async () => void (await removeQueued(deps.db, deps.storage)));

  const version = await readVersion();
  await app.register(swagger, {
    openapi: {
      info: { title: 'CaseBridge API', version },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await registerRoutes(app, deps, { version, signingSecret: options.jwtSecret });
  await registerWebApp(app, options.webRoot ?? WEB_DIST);
  return app;
}
