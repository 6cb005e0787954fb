import { access } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { errorBody } from './error-handler.ts';

/** Vite writes only content-hashed files to assets/: a new build gives them new names. */
const HASHED_ASSETS = 'assets/';
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';
/** The public home with its content prerendered; only `/` gets it, other pages would flash it. */
export const HOME_HTML = 'home.html';

const CSP_DIRECTIVES = {
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
};

/** Helmet's headers for every response served over plain HTTP. */
const PLAIN_HEADERS = {
  contentSecurityPolicy: { directives: { ...CSP_DIRECTIVES, upgradeInsecureRequests: null } },
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
} as const;

/**
 * Over TLS, also the headers that only make sense there. Sent over plain HTTP they make the
 * browser fetch every asset over HTTPS (a blank page at http://<address>:3000) and pin HTTPS for a year.
 */
const TLS_HEADERS = {
  ...PLAIN_HEADERS,
  strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
  contentSecurityPolicy: { directives: { ...CSP_DIRECTIVES, upgradeInsecureRequests: [] } },
} as const;

/**
 * The request reached us over HTTPS: on a TLS socket, or through a proxy listed in TRUST_PROXY
 * that says `X-Forwarded-Proto: https` (Fastify believes that header only from those proxies).
 */
function servedOverTls(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

/**
 * Helmet's headers for every response; HSTS and upgrade-insecure-requests only over HTTPS. Both
 * header sets are built once: the Fastify plugin rebuilt helmet (and parsed the CSP) on every
 * request, a tenth of the CPU of a busy ping endpoint.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const plain = helmet(PLAIN_HEADERS);
  const tls = helmet(TLS_HEADERS);
  app.addHook('onRequest', (request, reply, done) => {
    (servedOverTls(request) ? tls : plain)(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}

function setCacheControl(reply: FastifyReply, filePath: string, root: string): void {
  const isHashed = path.relative(root, filePath).split(path.sep).join('/').startsWith(HASHED_ASSETS);
  reply.header('cache-control', isHashed ? IMMUTABLE : REVALIDATE);
}

function isPageRequest(request: FastifyRequest): boolean {
  const pathname = request.url.split('?')[0]!;
  const isRead = request.method === 'GET' || request.method === 'HEAD';
  // A missing file under /assets is a chunk of an older build, not a page: HTML there would fail as a script.
  return isRead && pathname !== '/api' && !pathname.startsWith('/api/') && !pathname.startsWith(`/${HASHED_ASSETS}`);
}

/**
 * Serves the built React app from `root`: the `.br`/`.gz` copies the build wrote next to each
 * file by Accept-Encoding (with `Vary: Accept-Encoding`), hashed assets cached for good, and
 * index.html revalidated on every load. `/` gets the prerendered home.html when the build has it;
 * any other page path gets index.html for client routing;
 * HEAD answers like GET without the body.
 */
export async function registerWebApp(app: FastifyInstance, root: string): Promise<void> {
  const hasBuild = await access(path.join(root, 'index.html')).then(
    () => true,
    () => false,
  );
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The compressed copies are chosen by negotiation, never asked for by name.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (reply, filePath) => setCacheControl(reply, filePath, root),
    });
  }
  // The build's prerendered public home (apps/web/build/prerender-home.ts), painted before the app's scripts run.
  const hasHome =
    hasBuild &&
    (await access(path.join(root, HOME_HTML)).then(
      () => true,
      () => false,
    ));
  app.setNotFoundHandler((request, reply) => {
    if (isPageRequest(request) && hasHome && request.url.split('?')[0] === '/') return reply.sendFile(HOME_HTML);
    if (isPageRequest(request) && hasBuild) return reply.sendFile('index.html');
    if (isPageRequest(request)) return reply.type('text/plain').send('The web app is not built yet: run `npm run build:web`.');
    return reply.status(404).send(errorBody(404, 'NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`));
  });
}
