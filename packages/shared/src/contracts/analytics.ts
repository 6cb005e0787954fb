import { z } from 'zod';
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
} from '../schemas/analytics.ts';
import { idSchema } from '../schemas/common.ts';
import { commonRefusals, defineEndpoint, localeQuerySchema } from './core.ts';

/**
 * The manager's analytics (spec manager-dealer §2 manager area, §7 Analytics calls). Reads only;
 * lists of ids travel comma-separated (`ids=3,5,8`). A range whose end is before its start, or
 * longer than allowed, is a 400; an unknown mill a 404.
 */
const tags = ['analytics'] as const;
const millParams = z.object({ millId: idSchema });

export const millsOverview = defineEndpoint({
  method: 'GET',
  path: '/analytics/mills',
  summary: 'Mills overview: plan limits, clients, orders created and the latest order ids (manager)',
  tags,
  access: 'analytics.read',
  query: millsOverviewQuerySchema,
  responses: { 200: millsOverviewSchema, ...commonRefusals },
});

export const millChoices = defineEndpoint({
  method: 'GET',
  path: '/analytics/mills/all',
  summary: 'Every mill as id and name, for selectors (manager)',
  tags,
  access: 'analytics.read',
  query: localeQuerySchema,
  responses: { 200: millChoicesSchema, ...commonRefusals },
});

export const millOrders = defineEndpoint({
  method: 'GET',
  path: '/analytics/mills/:millId/orders',
  summary: 'Orders a mill received, newest first, with components, documents and their bytes, and the page totals (manager)',
  description: '`fromDate` and `toDate` are whole UTC days, both included.',
  tags,
  access: 'analytics.read',
  // fromDate and toDate are whole UTC days, both included.
  params: millParams,
  query: millOrdersQuerySchema,
  responses: { 200: millOrdersSchema, ...commonRefusals },
});

export const millDaily = defineEndpoint({
  method: 'GET',
  path: '/analytics/mills/:millId/daily',
  summary: 'One mill per day: orders received beside the most machines using its licence keys at once (manager)',
  description: 'Days are UTC, both ends included; without them the last 30 days to today; at most 366 days.',
  tags,
  access: 'analytics.read',
  // UTC days, both ends included; without them the last 30 days to today; at most 366 days.
  params: millParams,
  query: chartRangeQuerySchema,
  responses: { 200: millDailySchema, ...commonRefusals },
});

export const userStats = defineEndpoint({
  method: 'GET',
  path: '/analytics/users',
  summary: 'Users of mills and labs, newest first, with their orders (manager)',
  tags,
  access: 'analytics.read',
  query: userStatsQuerySchema,
  responses: { 200: userStatsSchema, ...commonRefusals },
});

export const activity = defineEndpoint({
  method: 'GET',
  path: '/analytics/activity',
  summary: 'Mills that received orders in a range of days, busiest first (manager)',
  description: '`start` and `end` are UTC days, both included; without them the last 7 days to today; at most 366 days.',
  tags,
  access: 'analytics.read',
  // UTC days, both included; without them the last 7 days to today; at most 366 days.
  query: activityQuerySchema,
  responses: { 200: activitySchema, ...commonRefusals },
});

export const ordersPerDay = defineEndpoint({
  method: 'GET',
  path: '/analytics/charts/orders-per-day',
  summary: 'Orders per day of the ten busiest mills of the range, and the rest summed (manager)',
  description: 'Days are UTC, both ends included; without them the last 30 days to today; at most 366 days.',
  tags,
  access: 'analytics.read',
  query: chartRangeQuerySchema,
  responses: { 200: ordersPerDaySchema, ...commonRefusals },
});

export const storagePerMill = defineEndpoint({
  method: 'GET',
  path: '/analytics/charts/storage',
  summary: 'Bytes stored per mill: the largest `top` mills and the rest (manager)',
  tags,
  access: 'analytics.read',
  query: storageQuerySchema,
  responses: { 200: storagePerMillSchema, ...commonRefusals },
});
