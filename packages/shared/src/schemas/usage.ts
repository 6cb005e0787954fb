import { z } from 'zod';
import { LICENCE_KEY_PATTERN } from '../constants/licence-key.ts';
import { lineSchema } from './common.ts';

/**
 * A machine counts as using its licence key while its last ping says "running" and is younger
 * than this window. The desktop software pings once a minute; three minutes tolerate two lost
 * pings (a Wi-Fi hiccup is no logout) and still drop a closed or crashed program within minutes.
 */
export const CONCURRENCY_WINDOW_MINUTES = 3;

const shortText = (max: number) => lineSchema.trim().min(1).max(max);

/** What the desktop CAM software reports about itself, once a minute and when it starts or stops. */
export const usagePingBodySchema = z.strictObject({
  licenceKey: z
    .string()
    .max(40)
    .transform((value) => value.trim().toUpperCase())
    .pipe(z.string().regex(LICENCE_KEY_PATTERN, 'Invalid Key Format')),
  boardSerial: shortText(100),
  macAddresses: z.array(shortText(64)).max(16),
  pcName: shortText(100),
  ipAddresses: z.array(shortText(64)).max(16),
  running: z.boolean(),
});
export type UsagePing = z.infer<typeof usagePingBodySchema>;

/** Always the same answer, consent or not, known key or not: a ping cannot probe which keys exist. */
export const usagePingResponseSchema = z.object({ received: z.literal(true) });

export const usageMachineSchema = z.object({
  boardSerial: z.string(),
  macAddresses: z.array(z.string()),
  pcName: z.string(),
  ipAddresses: z.array(z.string()),
  running: z.boolean(),
  /** Counted as concurrently using the key right now (running, within the window). */
  active: z.boolean(),
  lastUpdate: z.string(),
});

export const usageKeySchema = z.object({
  licenceKeyId: z.number(),
  licenseKey: z.string(),
  millId: z.number(),
  millName: z.string(),
  allowedUsers: z.number(),
  /** `allowedUsers` is the licence ticket's (issue 14), so the manager's own setting does not apply. */
  allowedUsersFromTicket: z.boolean().optional(),
  /** The key runs on more than one machine right now (spec: "multiple logins"). */
  multipleLogins: z.boolean(),
  /** More machines use the key right now than its licence allows: the view highlights it. */
  overAllowance: z.boolean(),
  firstPing: z.string().nullable(),
  lastPing: z.string().nullable(),
  concurrentlyUsed: z.number(),
  machines: z.array(usageMachineSchema),
});
export type UsageKey = z.infer<typeof usageKeySchema>;

export const usageViewSchema = z.object({
  count: z.number(),
  data: z.array(usageKeySchema),
  /** Machines running within the window; keys used on several machines at once; keys past their allowance. */
  overview: z.object({ runningMachines: z.number(), concurrentlyUsedKeys: z.number(), keysOverAllowance: z.number() }),
});
export type UsageView = z.infer<typeof usageViewSchema>;

export const usageViewQuerySchema = z.object({
  _start: z.coerce.number().int().min(0).max(1_000_000).default(0),
  _limit: z.coerce.number().int().min(1).max(100).default(10),
  locale: z.string().max(5).optional(),
});

export const allowedUsersBodySchema = z.strictObject({ allowedUsers: z.number().int().min(1).max(10_000) });

/** Concurrent use over time: per hour, the highest count at once (one key, or the platform's sum). */
export const usageHistoryQuerySchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  licenceKeyId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export const usageHistorySchema = z.object({ data: z.array(z.object({ hour: z.string(), concurrent: z.number() })) });
