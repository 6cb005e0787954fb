import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@casebridge/shared/schemas/common';
import {
  activityQuerySchema,
  activitySchema,
  chartRangeQuerySchema,
  millChoicesSchema,
  millDailySchema,
  millOrdersQuerySchema,
  millOrdersSchema,
  millsOverviewQuerySchema,
  millsOverviewSchema,
  ordersPerDaySchema,
  storagePerMillSchema,
  storageQuerySchema,
  userStatsQuerySchema,
  userStatsSchema,
} from '@casebridge/shared/schemas/analytics';
import type { AppDeps } from '../../deps.ts';
import { callerOf, claimsOf } from '../../lib/current-user.ts';
import { bearerAuth, commonErrors, localeQuerySchema, sendJson } from '../../lib/route-schemas.ts';
import {
  activity,
  allMills,
  dailyOfMill,
  millsOverview,
  ordersOfMill,
  ordersPerDay,
  storagePerMill,
  userStats,
} from './analytics.service.ts';

const tags = ['analytics'];
const millParams = z.object({ millId: idSchema });

/**
 * The manager's analytics (spec manager-dealer §2 manager area, §7 Analytics calls; issue 12).
 * Reads only, so every call is a GET with its filters in the query string; lists of ids are
 * comma-separated (`ids=3,5,8`). The cached views arrive serialized (analytics.service.ts) and
 * read the session in their stamp's statement, so they take the verified token, not the user.
 */
export function analyticsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/analytics/mills', {
      config: { access: 'analytics.read', session: 'claims' },
      schema: {
        tags,
        summary: 'Mills overview: plan limits, clients, orders created and the latest order ids (manager)',
        security: bearerAuth,
        querystring: millsOverviewQuerySchema,
        response: { 200: millsOverviewSchema, ...commonErrors },
      },
      handler: async (request, reply) => {
        const { _start, _limit, ids } = request.query;
        return sendJson(reply, await millsOverview(deps, claimsOf(request), { start: _start, limit: _limit, ids }));
      },
    });

    app.get('/analytics/mills/all', {
      config: { access: 'analytics.read' },
      schema: {
        tags,
        summary: 'Every mill as id and name, for selectors (manager)',
        security: bearerAuth,
        querystring: localeQuerySchema,
        response: { 200: millChoicesSchema, ...commonErrors },
      },
      handler: async (request) => allMills(deps, callerOf(request)),
    });

    app.get('/analytics/mills/:millId/orders', {
      config: { access: 'analytics.read', session: 'claims' },
      schema: {
        tags,
        summary: 'Orders a mill received, newest first, with components, documents and their bytes, and the page totals (manager)',
        description: '`fromDate` and `toDate` are whole UTC days, both included.',
        security: bearerAuth,
        params: millParams,
        querystring: millOrdersQuerySchema,
        response: { 200: millOrdersSchema, ...commonErrors },
      },
      handler: async (request, reply) => {
        const { _start, _limit, ...filter } = request.query;
        return sendJson(
          reply,
          await ordersOfMill(deps, claimsOf(request), request.params.millId, { start: _start, limit: _limit, ...filter }),
        );
      },
    });

    app.get('/analytics/mills/:millId/daily', {
      config: { access: 'analytics.read' },
      schema: {
        tags,
        summary: 'One mill per day: orders received beside the most machines using its licence keys at once (manager)',
        description: 'Days are UTC, both ends included; without them the last 30 days to today; at most 366 days.',
        security: bearerAuth,
        params: millParams,
        querystring: chartRangeQuerySchema,
        response: { 200: millDailySchema, ...commonErrors },
      },
      handler: async (request) => dailyOfMill(deps, callerOf(request), request.params.millId, request.query),
    });

    app.get('/analytics/users', {
      config: { access: 'analytics.read', session: 'claims' },
      schema: {
        tags,
        summary: 'Users of mills and labs, newest first, with their orders (manager)',
        security: bearerAuth,
        querystring: userStatsQuerySchema,
        response: { 200: userStatsSchema, ...commonErrors },
      },
      handler: async (request, reply) =>
        sendJson(reply, await userStats(deps, claimsOf(request), { start: request.query._start, limit: request.query._limit })),
    });

    app.get('/analytics/activity', {
      config: { access: 'analytics.read', session: 'claims' },
      schema: {
        tags,
        summary: 'Mills that received orders in a range of days, busiest first (manager)',
        description: '`start` and `end` are UTC days, both included; without them the last 7 days to today; at most 366 days.',
        security: bearerAuth,
        querystring: activityQuerySchema,
        response: { 200: activitySchema, ...commonErrors },
      },
      handler: async (request, reply) => sendJson(reply, await activity(deps, claimsOf(request), request.query)),
    });

    app.get('/analytics/charts/orders-per-day', {
      config: { access: 'analytics.read', session: 'claims' },
      schema: {
        tags,
        summary: 'Orders per day of the ten busiest mills of the range, and the rest summed (manager)',
        description: 'Days are UTC, both ends included; without them the last 30 days to today; at most 366 days.',
        security: bearerAuth,
        querystring: chartRangeQuerySchema,
        response: { 200: ordersPerDaySchema, ...commonErrors },
      },
      handler: async (request, reply) => sendJson(reply, await ordersPerDay(deps, claimsOf(request), request.query)),
    });

    app.get('/analytics/charts/storage', {
      config: { access: 'analytics.read', session: 'claims' },
      schema: {
        tags,
        summary: 'Bytes stored per mill: the largest `top` mills and the rest (manager)',
        security: bearerAuth,
        querystring: storageQuerySchema,
        response: { 200: storagePerMillSchema, ...commonErrors },
      },
      handler: async (request, reply) => sendJson(reply, await storagePerMill(deps, claimsOf(request), { top: request.query.top })),
    });
  };
}
