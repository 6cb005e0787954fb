import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import jwt from '@fastify/jwt';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { DEFAULT_RATE_LIMITS, type AppDeps, type RateLimits } from './deps.ts';
import { registerCurrentUser } from './lib/current-user.ts';
import { errorBody, registerErrorHandler } from './lib/error-handler.ts';
import { MemoryRateLimitStore, RedisRateLimitStore, type RateLimitStore } from './lib/rate-limiter.ts';
import { OutboxMailer, SmtpMailer } from './platform/mail/mailer.ts';
import { removeQueued } from './platform/storage/removals.ts';
import { LocalStorage } from './platform/storage/storage.ts';
import { registerRoutes } from './routes.ts';
import { registerJobs } from './jobs.ts';
import { JobQueue } from './platform/jobs/job-queue.ts';
import { attachRealtime } from './platform/realtime/realtime.ts';
import { checkSession } from './access/session-check.ts';
import { recordRouteAccess } from './access/route-access.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const WEB_DIST = path.resolve(here, '../../web/dist');

export interface BuildAppOptions {
  config: Config;
  database: Database;
  jwtSecret: string;
  rateLimits?: Partial<RateLimits>;
  /** Pino logger options; tests pass false. */
  logger?: boolean | object;
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
  registerCurrentUser(app);
  recordRouteAccess(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(jwt, { secret: options.jwtSecret, sign: { algorithm: 'HS256', expiresIn: '7d' }, verify: { algorithms: ['HS256'] } });
  await app.register(multipart);

  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }) : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  const rateLimitStore: RateLimitStore = redis ? new RedisRateLimitStore(redis) : new MemoryRateLimitStore();
  const outbox = config.smtpUrl ? null : new OutboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom);

  const deps: AppDeps = {
    config,
    db: database.db,
    mailer: outbox ?? new SmtpMailer(config.smtpUrl!, config.mailFrom),
    outbox,
    storage: new LocalStorage(path.join(config.dataDir, 'files')),
    rateLimitStore,
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
    signJwt: (user) => app.jwt.sign({ sub: String(user.id), ver: user.tokenVersion }),
    // The websocket handshake goes through the same session check as every HTTP request.
    realtime: attachRealtime(app.server, async (token) => (await checkSession(database.db, app.jwt, token)).id, redis, config.realtimeChannel),
    jobs: new JobQueue({ pool: database.pool, work: config.runJobs, onError: (error) => app.log.error({ err: error }, 'job failed') }),
  };
  registerJobs(deps);
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
  await registerWebApp(app);
  return app;
}

/** Serves the built React app; any non-API path falls back to index.html for client routing. */
async function registerWebApp(app: FastifyInstance): Promise<void> {
  const hasBuild = await access(path.join(WEB_DIST, 'index.html')).then(() => true, () => false);
  if (hasBuild) await app.register(fastifyStatic, { root: WEB_DIST, wildcard: false, index: false });
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/api?');
    if (isPage && hasBuild) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    if (isPage) return reply.type('text/plain').send('The web app is not built yet: run `npm run build:web`.');
    return reply.status(404).send(errorBody(404, 'NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`));
  });
}
