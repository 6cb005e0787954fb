import { z } from 'zod';
import { PLAN_KEYS } from './billing.ts';
import { bodyIdSchema } from './common.ts';
import { listResponseSchema } from './paging.ts';

/**
 * The manager's analytics views (spec manager-dealer §2 manager area, §7 Analytics calls): mills
 * overview, orders of a mill, users, activity. Our own REST shape under `/api/analytics`; reads
 * only, so every call is a GET with its filters in the query string.
 */

/**
 * How many of a mill's (or user's) latest order ids a row lists as links, newest first (issue 24
 * item 16: a mill with hundreds of orders keeps its row one line); the mills overview says how
 * many more there are and links them to the mill's orders view.
 */
export const LATEST_ORDER_IDS = 5;
/** The activity view's range default (spec §9: the last 7 days to today) and its cap. */
export const ACTIVITY_DEFAULT_DAYS = 7;
export const ACTIVITY_MAX_DAYS = 366;
export const ACTIVITY_ORDER_IDS = 50;

const pageQuery = {
  _start: z.coerce.number().int().min(0).max(1_000_000).default(0),
  _limit: z.coerce.number().int().min(1).max(100).default(10),
  locale: z.string().max(5).optional(),
};

/** Ids in a query string as `1,2,3`: at most 100, each within the id column's range. */
const idListSchema = z
  .string()
  .max(1200)
  .regex(/^\d{1,10}(,\d{1,10})*$/, 'ids separated by commas')
  .transform((value) => value.split(',').map(Number))
  .pipe(z.array(bodyIdSchema).max(100));

export const millsOverviewQuerySchema = z.object({ ...pageQuery, ids: idListSchema.optional() });

export const millOverviewSchema = z.object({
  millId: z.number(),
  name: z.string(),
  /** The plan's name (spec: contract type). */
  contractType: z.string(),
  /** The plan's key, which the web app shows in the reader's language (issue 24 item 17). */
  planKey: z.enum(PLAN_KEYS),
  clientsCount: z.number(),
  allowedClients: z.number(),
  /** Orders the mill received (submitted), deleted ones included: the plan counts orders created. */
  ordersCreated: z.number(),
  maxOrdersCount: z.number(),
  /** The latest order ids, newest first (at most LATEST_ORDER_IDS); empty shows 'None'. */
  projectIds: z.array(z.number()),
  /** The mill's other orders (its orders view lists them all): shown as '+N' linking there. */
  moreOrdersCount: z.number(),
});
export type MillOverview = z.infer<typeof millOverviewSchema>;
export const millsOverviewSchema = listResponseSchema(millOverviewSchema);

/** Every mill as `id - name`, for the mill selector and the filter. */
export const millChoicesSchema = z.object({ data: z.array(z.object({ id: z.number(), name: z.string() })) });
export type MillChoice = z.infer<typeof millChoicesSchema>['data'][number];

/** `fromDate` and `toDate` are whole days (UTC), both included. */
export const millOrdersQuerySchema = z.object({
  ...pageQuery,
  fromDate: z.iso.date().optional(),
  toDate: z.iso.date().optional(),
  ids: idListSchema.optional(),
});

export const millOrderSchema = z.object({
  projectId: z.number(),
  name: z.string(),
  createdAt: z.string(),
  componentsCount: z.number(),
  documentsCount: z.number(),
  /** Bytes of the documents the lab sent; the view shows MB per row and GB for the page. */
  documentsSize: z.number(),
});
export type MillOrder = z.infer<typeof millOrderSchema>;
/** `totals` sums the rows of this page (the view's header: components, documents, bytes). */
export const millOrdersSchema = listResponseSchema(millOrderSchema).extend({
  totals: z.object({ componentsCount: z.number(), documentsCount: z.number(), documentsSize: z.number() }),
});
export type MillOrders = z.infer<typeof millOrdersSchema>;

export const userStatsQuerySchema = z.object(pageQuery);

export const userStatSchema = z.object({
  id: z.number(),
  email: z.string(),
  /** The mill role (admin or user) of mill staff; `lab` for a lab's user. */
  role: z.string(),
  /** Orders of the user's mills (staff) or of the user's lab. */
  projectsCount: z.number(),
  company: z.string(),
  createdAt: z.string(),
  projectIds: z.array(z.number()),
  /** Month of the latest of those orders as `MM.YYYY`; null shows '-'. */
  period: z.string().nullable(),
  /** Mills the user works for, or whose client the user's lab is. */
  mills: z.array(z.object({ id: z.number(), name: z.string() })),
  /** The lab the user works for; empty shows 'None'. */
  labs: z.array(z.string()),
});
export type UserStat = z.infer<typeof userStatSchema>;
export const userStatsSchema = listResponseSchema(userStatSchema);

/** Both days included (UTC); without them the last ACTIVITY_DEFAULT_DAYS days to today. */
export const activityQuerySchema = z.object({
  start: z.iso.date().optional(),
  end: z.iso.date().optional(),
  locale: z.string().max(5).optional(),
});

export const millActivitySchema = z.object({
  millId: z.number(),
  name: z.string(),
  /** The company's address, or else its first administrator's. */
  millEmail: z.string(),
  /** Orders received in the range, and the latest of their ids (at most ACTIVITY_ORDER_IDS), newest first. */
  ordersCount: z.number(),
  projectIds: z.array(z.number()),
  /** When the mill was created. */
  createdAt: z.string(),
});
export type MillActivity = z.infer<typeof millActivitySchema>;
export const activitySchema = z.object({ start: z.iso.date(), end: z.iso.date(), data: z.array(millActivitySchema) });
export type Activity = z.infer<typeof activitySchema>;

/**
 * Chart data (issue 12 item 8). Days are whole UTC days `YYYY-MM-DD`, both ends included; without
 * them the last CHART_DEFAULT_DAYS days to today, and at most CHART_MAX_DAYS days.
 */
export const CHART_DEFAULT_DAYS = 30;
export const CHART_MAX_DAYS = 366;
/** How many mills a chart names before it sums the others into 'the rest'. */
export const CHART_TOP_MILLS = 10;

export const chartRangeQuerySchema = z.object({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  locale: z.string().max(5).optional(),
});

/** Orders received per day: the CHART_TOP_MILLS busiest mills of the range, and the rest summed. */
export const ordersPerDaySchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  /** Every day of the range in order; each `perDay` array below has one count per day. */
  days: z.array(z.iso.date()),
  /** Busiest first (most orders in the range; ties by mill id). */
  mills: z.array(z.object({ millId: z.number(), name: z.string(), total: z.number(), perDay: z.array(z.number()) })),
  /** The other mills that received orders in the range, summed; `mills` 0 means there is no rest. */
  rest: z.object({ mills: z.number(), total: z.number(), perDay: z.array(z.number()) }),
});
export type OrdersPerDay = z.infer<typeof ordersPerDaySchema>;

export const storageQuerySchema = z.object({
  top: z.coerce.number().int().min(1).max(50).default(CHART_TOP_MILLS),
  locale: z.string().max(5).optional(),
});

/** Bytes of all files (what labs sent and mills returned) of each mill's orders: the largest `top`, and the rest. */
export const storagePerMillSchema = z.object({
  totalBytes: z.number(),
  mills: z.array(z.object({ millId: z.number(), name: z.string(), bytes: z.number() })),
  /** Every other mill, those storing nothing included. */
  rest: z.object({ mills: z.number(), bytes: z.number() }),
});
export type StoragePerMill = z.infer<typeof storagePerMillSchema>;

/**
 * One mill per day: the orders it received beside the most machines using its licence keys at
 * once (per hour the sum of its keys' peaks, then the day's highest hour). Only keys registered
 * with data collection enabled report; `keysReporting` 0 means the usage line has no data.
 */
export const millDailySchema = z.object({
  millId: z.number(),
  name: z.string(),
  from: z.iso.date(),
  to: z.iso.date(),
  licenceKeys: z.number(),
  keysReporting: z.number(),
  days: z.array(z.object({ day: z.iso.date(), orders: z.number(), maxConcurrentUsers: z.number() })),
});
export type MillDaily = z.infer<typeof millDailySchema>;
