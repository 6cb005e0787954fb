import type { FastifyInstance } from 'fastify';
import type { Action } from './rule-book.ts';

/**
 * Every route says who may call it, in its `config.access`: an action of the rule book (the
 * service checks it with `authorize`), `signedIn` (any valid session, about oneself), or `public`.
 * The role × endpoint × tenant test reads these declarations, so an undeclared route fails it.
 */
export type RouteAccess = Action | 'signedIn' | 'public';

/**
 * What the session hook (lib/current-user.ts) hands a route that is not public. Unset: the
 * signed-in user (`callerOf`). `claims`: only the verified token (`claimsOf`), for a hot path whose
 * service reads the user in its own statement and applies `acceptSession` there. `tus`: nothing;
 * the tus protocol's hooks run the same session check on each upload request themselves.
 */
export type RouteSession = 'claims' | 'tus';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    session?: RouteSession;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** `METHOD /url` → the route's declared access, for the role × endpoint test and the docs. */
    routeAccess: Map<string, RouteAccess | undefined>;
  }
}

/** Call before any route is registered: from then on every route's declaration is recorded. */
export function recordRouteAccess(app: FastifyInstance): void {
  const table = new Map<string, RouteAccess | undefined>();
  app.decorate('routeAccess', table);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      table.set(`${method} ${route.url}`, route.config?.access);
    }
  });
}
