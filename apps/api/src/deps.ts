import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { RateLimitPolicy } from './lib/rate-limit-guard.ts';
import type { RateLimitStore } from './lib/rate-limiter.ts';
import type { Mailer, OutboxMailer } from './platform/mail/mailer.ts';
import type { AuditTrail } from './platform/audit/audit-trail.ts';
import type { DomainEventBus } from './platform/events/domain-events.ts';
import type { JobQueue } from './platform/jobs/job-queue.ts';
import type { PaymentProvider } from './platform/payments/payment-provider.ts';
import type { TestPaymentProvider } from './platform/payments/test-provider.ts';
import { StripePaymentProvider } from './platform/payments/stripe-provider.ts';
import type { Realtime } from './platform/realtime/realtime.ts';
import type { Storage } from './platform/storage/storage.ts';

/** What feature modules are given: the adapters, never process.env or globals. */
export interface AppDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  /** Present when mails go to the local outbox (no SMTP_URL). */
  outbox: OutboxMailer | null;
  storage: Storage;
  /** Background work in PostgreSQL: enqueue in the transaction of the change that causes it. */
  jobs: JobQueue;
  /** Effects that cross features, delivered in the publisher's transaction (events.ts, ADR 0016). */
  events: DomainEventBus;
  /** The audit trail's append side: an entry in the transaction of the change (ADR 0019). */
  audit: AuditTrail;
  rateLimitStore: RateLimitStore;
  /** The card payment provider (Stripe or the built-in test provider). */
  payments: PaymentProvider;
  /** The built-in test provider when it is the one in use: its checkout and card pages. */
  testPayments: TestPaymentProvider | null;
  realtime: Realtime;
  rateLimits: RateLimits;
  /** APP_ENCRYPTION_KEY, or in development and tests a key derived from the JWT secret (ADR 0020). */
  encryptionKey: string;
  /** Signs a session JWT carrying the user's current token version and its session row (ADR 0021). */
  signJwt: (session: { userId: number; tokenVersion: number; sessionId: string }) => string;
  /** `stopping` turns true on SIGTERM (server.ts): the readiness probe answers 503 from then on. */
  lifecycle: { stopping: boolean };
}

export type RateLimitName = 'signIn' | 'secondFactor' | 'forgotPassword' | 'checkUniqueEmail' | 'token' | 'register';
export type RateLimits = Record<RateLimitName, RateLimitPolicy>;

const MINUTE = 60_000;

export const DEFAULT_RATE_LIMITS: RateLimits = {
  signIn: { perIp: { max: 30, windowMs: 15 * MINUTE }, perIdentifier: { max: 10, windowMs: 15 * MINUTE } },
  // ADR 0020: five wrong codes lock a user's second factor for 15 minutes, whatever address they come from.
  secondFactor: { perIp: { max: 30, windowMs: 15 * MINUTE }, perIdentifier: { max: 5, windowMs: 15 * MINUTE } },
  forgotPassword: { perIp: { max: 10, windowMs: 60 * MINUTE }, perIdentifier: { max: 5, windowMs: 60 * MINUTE } },
  checkUniqueEmail: { perIp: { max: 30, windowMs: 15 * MINUTE } },
  token: { perIp: { max: 30, windowMs: 15 * MINUTE } },
  register: { perIp: { max: 10, windowMs: 60 * MINUTE }, perIdentifier: { max: 5, windowMs: 60 * MINUTE } },
};

/**
 * Stripe when STRIPE_SECRET_KEY is set, otherwise the built-in test provider (then also offered for
 * its checkout and card pages). Never both: the test provider's pages must not exist beside Stripe.
 */
export function selectPaymentProvider(
  config: Config,
  testProvider: () => TestPaymentProvider,
  onStripeError: (error: unknown, operation: string) => void,
): Pick<AppDeps, 'payments' | 'testPayments'> {
  if (!config.stripe) {
    const testPayments = testProvider();
    return { payments: testPayments, testPayments };
  }
  const { secretKey, webhookSecret, apiBase } = config.stripe;
  return { payments: new StripePaymentProvider({ secretKey, webhookSecret, apiBase, onError: onStripeError }), testPayments: null };
}
