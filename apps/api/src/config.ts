import path from 'node:path';
import { z } from 'zod';
import type { InvoiceParty } from '@casebridge/shared/schemas/billing';
import { StartupError } from './lib/startup-error.ts';

/**
 * The only reader of process.env. Parsed once, frozen, and a bad value stops the start
 * with a message naming the variable, instead of failing later in a request.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  /** Unset, stored files live on the local disk under DATA_DIR/files; s3://bucket/prefix puts them in that bucket. */
  STORAGE_URL: z
    .string()
    .regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[A-Za-z0-9._-]+)*\/?$/)
    .optional(),
  AWS_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .default('us-east-1'),
  AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  AWS_SESSION_TOKEN: z.string().min(1).optional(),
  /** An S3-compatible store's address (MinIO, Ceph RGW, R2, …); unset, AWS S3 itself. */
  AWS_ENDPOINT_URL_S3: z
    .string()
    .url()
    .regex(/^https?:/i)
    .optional(),
  /** `true` addresses the bucket in the path (endpoint/bucket/key), as MinIO and Ceph usually need. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  /** How long a presigned download URL stays valid: the browser follows it at once, a download in progress outlives it. */
  S3_DOWNLOAD_URL_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  DATABASE_URL: z.string().url().optional(),
  /**
   * The most PostgreSQL connections this process opens (the job queue's and the migrations' come
   * out of the same pool). The database must allow this times the most processes, plus its own.
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(500).default(20),
  REDIS_URL: z.string().url().optional(),
  /**
   * What this deployment's keys in Redis start with (rate-limit counters, upload locks, and the live
   * events' stream unless REALTIME_CHANNEL names it): two deployments on one Redis share nothing when it differs.
   */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/)
    .default('casebridge'),
  /** The Redis stream live events travel on; processes of one deployment share it. Default: `<REDIS_KEY_PREFIX>:events`. */
  REALTIME_CHANNEL: z.string().min(1).optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('CaseBridge <no-reply@casebridge.local>'),
  JWT_SECRET: z.string().min(32).optional(),
  /** The key that seals secrets kept in the database (TOTP seeds, ADR 0020); unset, derived from the JWT secret. */
  APP_ENCRYPTION_KEY: z.string().min(32).optional(),
  PUBLIC_URL: z.string().url().optional(),
  /** The passkeys' relying-party id (a registrable domain, ADR 0023); unset, PUBLIC_URL's host name. */
  WEBAUTHN_RP_ID: z
    .string()
    .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/)
    .optional(),
  /** The origins a passkey's answer may come from (comma-separated); unset, PUBLIC_URL's origin. */
  WEBAUTHN_ORIGIN: z
    .string()
    .regex(/^https?:\/\/[^\s,/]+(\s*,\s*https?:\/\/[^\s,/]+)*$/)
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DESKTOP_APP_URL: z.string().url().optional(),
  SUPPORT_EMAIL: z.string().email().default('support@casebridge.local'),
  /** Upper bound for avatar and logo uploads, in bytes. */
  MAX_IMAGE_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  /** Upper bound for one order file (scans, CAD data), in bytes. */
  MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024 * 1024),
  /**
   * The proxies in front of the portal whose X-Forwarded-For is believed: a comma-separated list
   * of addresses or CIDRs. Unset, the client address is the socket's, so nobody can dodge the
   * per-IP rate limits by sending the header themselves.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*$/, 'comma-separated addresses or CIDRs')
    .optional(),
  /** Memory for cached orders-list responses per process, in bytes; 0 turns the cache off. */
  ORDER_LIST_CACHE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(32 * 1024 * 1024),
  /** Memory for cached dealer customer-list responses per process, in bytes; 0 turns the cache off. */
  CUSTOMER_LIST_CACHE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(16 * 1024 * 1024),
  /** How long a process serves a page of the manager's usage view again, in ms; 0 builds every answer. */
  USAGE_VIEW_MAX_AGE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** `false` makes a process serve requests only; its jobs run on the processes that work them. */
  RUN_JOBS: z.enum(['true', 'false']).default('true'),
  /** How long after SIGTERM a process still serves, answering 503 only on its readiness probe, before it drains. */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /** The seller on invoices, as JSON: name, street, zipCode, city, country, vatNumber, email. */
  INVOICE_SELLER: z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'JSON' });
        return z.NEVER;
      }
    })
    .pipe(
      z.object({
        name: z.string().min(1),
        street: z.string(),
        zipCode: z.string(),
        city: z.string(),
        country: z.string().length(2),
        vatNumber: z.string().nullable(),
        email: z.string().email(),
      }),
    )
    .optional(),
  /** With a secret key, payments go through Stripe; without it, through the built-in test provider. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/)
    .optional(),
  /** The signing secret of the Stripe webhook endpoint (whsec_…); required with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9_]+$/)
    .optional(),
  /** Another Stripe API address (a local fake in tests, stripe-mock); unset, the real one. */
  STRIPE_API_BASE: z.string().url().optional(),
  /** The bearer token the licence server pushes tickets with; unset, the push endpoint is off (404). */
  LICENCE_SERVER_TOKEN: z.string().min(24).optional(),
  /** Where licence content is asked for (POST {ticketId}); unset, it is answered from the store. */
  LICENCE_CONTENT_URL: z
    .string()
    .url()
    .regex(/^https?:/i)
    .optional(),
  /** Hosts a dealer-given URL may reach although they resolve to a loopback, private or link-local address (comma-separated). */
  /** How long audit entries are kept, in days (issue 28: two years); pruning keeps the chain verifiable. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(730),
  /** Only for bench/audit.bench.ts's measurement without the trail (the server warns at start). */
  AUDIT_DISABLED: z.enum(['true', 'false']).default('false'),
  OUTBOUND_ALLOWED_HOSTS: z
    .string()
    .regex(/^[A-Za-z0-9.:[\]-]*(,[A-Za-z0-9.:[\]-]+)*$/)
    .optional(),
});

/**
 * A database of its own is where a deployment runs several processes; a secret generated into each
 * one's DATA_DIR would make every process refuse the sessions the others signed.
 */
const PLACEHOLDER_JWT_SECRET = 'JWT_SECRET is still the example placeholder (REPLACE_ME…): set a random secret of your own.';

const UNSHARED_JWT_SECRET =
  'JWT_SECRET must be set in production with DATABASE_URL: every process of a deployment signs and checks sessions with it ' +
  '(generate one with `openssl rand -base64 48`).';

const UNSHARED_ENCRYPTION_KEY =
  'APP_ENCRYPTION_KEY must be set in production with DATABASE_URL: it seals the two-factor secrets every process reads ' +
  '(generate one with `openssl rand -base64 48`, keep it apart from JWT_SECRET and never change it without re-enrolling).';

const PLACEHOLDER_ENCRYPTION_KEY = 'APP_ENCRYPTION_KEY is still the example placeholder (REPLACE_ME…): set a random key of your own.';

/** Who issues the invoices unless INVOICE_SELLER says otherwise (the demo's operator). */
export const DEFAULT_SELLER: InvoiceParty = {
  name: 'CaseBridge GmbH',
  street: 'Friedrichstraße 100',
  zipCode: '10117',
  city: 'Berlin',
  country: 'DE',
  vatNumber: 'DE123456789',
  email: 'billing@casebridge.local',
};

export interface Config {
  readonly env: 'development' | 'production' | 'test';
  readonly host: string;
  readonly port: number;
  readonly dataDir: string;
  /** Stored files in an S3-compatible bucket; null keeps them on the local disk under dataDir/files. */
  readonly s3: S3Settings | null;
  readonly databaseUrl: string | undefined;
  readonly databasePoolSize: number;
  readonly redisUrl: string | undefined;
  readonly redisKeyPrefix: string;
  readonly realtimeChannel: string;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly jwtSecret: string | undefined;
  /** Seals secrets at rest (lib/secret-box.ts); undefined: derived from the JWT secret (development, tests). */
  readonly encryptionKey: string | undefined;
  /** Base of links in mails; defaults to the server's own address. */
  readonly publicUrl: string;
  /** Passkeys: the relying party and the origins its answers must come from, never the request's Host (ADR 0023). */
  readonly webauthn: { readonly rpId: string; readonly origins: readonly string[] };
  readonly logLevel: string;
  readonly desktopAppUrl: string | undefined;
  /** Where the support contact form sends to. */
  readonly supportEmail: string;
  readonly maxImageBytes: number;
  readonly maxUploadBytes: number;
  readonly orderListCacheBytes: number;
  readonly customerListCacheBytes: number;
  /** A page of the usage view is served again within the same period of this many ms (0: never). */
  readonly usageViewMaxAgeMs: number;
  /** Whether this process works background jobs (every process can add them). */
  readonly runJobs: boolean;
  /**
   * From SIGTERM until the drain starts, in ms: the readiness probe answers 503 while requests are
   * still served, so a load balancer stops sending new ones before any is refused.
   */
  readonly shutdownDelayMs: number;
  /** The seller named on every invoice. */
  readonly invoiceSeller: InvoiceParty;
  /** For Fastify's trustProxy: false, or the proxies' addresses. */
  readonly trustProxy: false | string[];
  /** Stripe, when its secret key is set; null means the built-in test provider takes payments. */
  readonly stripe: StripeSettings | null;
  /** The licence server's push token; null turns the push endpoint off. */
  readonly licenceServerToken: string | null;
  /** The licence server's content address; null answers licence content from the store. */
  readonly licenceContentUrl: string | null;
  /** Host names the guarded fetch of dealer-given URLs may reach on internal addresses (lib/safe-fetch.ts). */
  readonly outboundAllowedHosts: readonly string[];
  /** Days an audit entry is kept before the daily pruning removes it. */
  readonly auditRetentionDays: number;
  /** True only in the bench's run without the audit trail. */
  readonly auditDisabled: boolean;
}

/** Where stored files go when STORAGE_URL names a bucket (platform/storage/s3-storage.ts). */
export interface S3Settings {
  readonly bucket: string;
  /** Put before every key, without slashes at either end; '' for none. */
  readonly prefix: string;
  readonly region: string;
  /** An S3-compatible store's address; undefined is AWS S3. */
  readonly endpoint: string | undefined;
  readonly forcePathStyle: boolean;
  /** Seconds a presigned download URL stays valid (ADR 0017). */
  readonly downloadUrlSeconds: number;
  /** Undefined leaves the SDK's own chain to find them (an instance or pod role, a profile). */
  readonly credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
}

export interface StripeSettings {
  readonly secretKey: string;
  readonly webhookSecret: string;
  /** Where the SDK sends its requests; undefined is api.stripe.com. */
  readonly apiBase: URL | undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw invalidSettings(parsed.error.issues);
  const e = parsed.data;
  // A key without its webhook secret would take payments whose webhooks are then all refused.
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) throw invalidSettings([{ path: ['STRIPE_WEBHOOK_SECRET'] }]);
  if (e.NODE_ENV === 'production' && e.DATABASE_URL && !e.JWT_SECRET) throw new StartupError(UNSHARED_JWT_SECRET);
  // deploy/k8s/secret.example.yaml's value is public: sessions signed with it could be forged by anyone.
  if (e.JWT_SECRET?.includes('REPLACE_ME')) throw new StartupError(PLACEHOLDER_JWT_SECRET);
  if (e.NODE_ENV === 'production' && e.DATABASE_URL && !e.APP_ENCRYPTION_KEY) throw new StartupError(UNSHARED_ENCRYPTION_KEY);
  if (e.APP_ENCRYPTION_KEY?.includes('REPLACE_ME')) throw new StartupError(PLACEHOLDER_ENCRYPTION_KEY);
  // Half a key pair would fall back to the SDK's chain and fail later with a puzzling denial.
  if (!e.AWS_ACCESS_KEY_ID !== !e.AWS_SECRET_ACCESS_KEY)
    throw invalidSettings([{ path: [e.AWS_ACCESS_KEY_ID ? 'AWS_SECRET_ACCESS_KEY' : 'AWS_ACCESS_KEY_ID'] }]);
  return Object.freeze({
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    s3: e.STORAGE_URL ? s3SettingsOf(e.STORAGE_URL, e) : null,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    realtimeChannel: e.REALTIME_CHANNEL ?? `${e.REDIS_KEY_PREFIX}:events`,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    jwtSecret: e.JWT_SECRET,
    encryptionKey: e.APP_ENCRYPTION_KEY,
    publicUrl: publicUrlOf(e),
    webauthn: webauthnOf(e),
    logLevel: e.LOG_LEVEL,
    desktopAppUrl: e.DESKTOP_APP_URL,
    supportEmail: e.SUPPORT_EMAIL,
    maxImageBytes: e.MAX_IMAGE_BYTES,
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    orderListCacheBytes: e.ORDER_LIST_CACHE_BYTES,
    customerListCacheBytes: e.CUSTOMER_LIST_CACHE_BYTES,
    usageViewMaxAgeMs: e.USAGE_VIEW_MAX_AGE_MS,
    runJobs: e.RUN_JOBS === 'true',
    // Behind a load balancer (production) the probe needs a few periods to be seen; alone, no one waits.
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS ?? (e.NODE_ENV === 'production' ? 5_000 : 0),
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    invoiceSeller: e.INVOICE_SELLER ?? DEFAULT_SELLER,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
          apiBase: e.STRIPE_API_BASE ? new URL(e.STRIPE_API_BASE) : undefined,
        }
      : null,
    licenceServerToken: e.LICENCE_SERVER_TOKEN ?? null,
    licenceContentUrl: e.LICENCE_CONTENT_URL ?? null,
    outboundAllowedHosts: (e.OUTBOUND_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    auditDisabled: e.AUDIT_DISABLED === 'true',
    ...overrides,
  });
}

/**
 * What each variable accepts, in the words of the one line a bad value prints. The values
 * themselves are never echoed: DATABASE_URL, SMTP_URL and JWT_SECRET carry secrets.
 */
const ACCEPTS = {
  NODE_ENV: 'one of development, production, test',
  HOST: 'an address to listen on, such as 0.0.0.0 or 127.0.0.1',
  PORT: 'a whole number from 0 to 65535',
  DATA_DIR: 'a folder path',
  STORAGE_URL:
    's3://bucket or s3://bucket/prefix (bucket: 3 to 63 lowercase letters, digits, dots, hyphens; prefix: letters, digits, . _ - and /)',
  AWS_REGION: 'a region name such as eu-central-1',
  AWS_ACCESS_KEY_ID: 'an access key id, set together with AWS_SECRET_ACCESS_KEY',
  AWS_SECRET_ACCESS_KEY: 'a secret access key, set together with AWS_ACCESS_KEY_ID',
  AWS_SESSION_TOKEN: 'a session token',
  AWS_ENDPOINT_URL_S3: 'an http(s) URL such as https://minio.example.com:9000',
  S3_FORCE_PATH_STYLE: 'true or false',
  S3_DOWNLOAD_URL_SECONDS: 'a whole number of seconds from 10 to 3600',
  DATABASE_URL: 'a URL such as postgres://user:password@host:5432/database',
  DATABASE_POOL_SIZE: 'a whole number of connections from 2 to 500',
  REDIS_URL: 'a URL such as redis://host:6379',
  REDIS_KEY_PREFIX: 'up to 64 letters, digits and . _ : -',
  REALTIME_CHANNEL: 'a name of at least one character',
  SMTP_URL: 'a URL such as smtp://user:password@mail.example.com:587',
  MAIL_FROM: 'a sender such as CaseBridge <no-reply@example.com>',
  JWT_SECRET: 'a secret of at least 32 characters',
  APP_ENCRYPTION_KEY: 'a secret of at least 32 characters',
  PUBLIC_URL: 'a URL such as https://portal.example.com',
  WEBAUTHN_RP_ID: 'a host name such as portal.example.com or example.com (no scheme, no port)',
  WEBAUTHN_ORIGIN: 'comma-separated origins such as https://portal.example.com (scheme, host, port; no path)',
  INVOICE_SELLER: 'JSON with name, street, zipCode, city, country (2 letters), vatNumber, email',
  LOG_LEVEL: 'one of fatal, error, warn, info, debug, trace, silent',
  DESKTOP_APP_URL: 'a URL',
  SUPPORT_EMAIL: 'an email address',
  MAX_IMAGE_BYTES: 'a whole number of bytes above 0',
  MAX_UPLOAD_BYTES: 'a whole number of bytes above 0',
  TRUST_PROXY: 'comma-separated addresses or CIDRs, such as 10.0.0.1,192.168.0.0/16',
  ORDER_LIST_CACHE_BYTES: 'a whole number of bytes, 0 or more (0 turns the cache off)',
  CUSTOMER_LIST_CACHE_BYTES: 'a whole number of bytes, 0 or more (0 turns the cache off)',
  USAGE_VIEW_MAX_AGE_MS: 'a whole number of milliseconds from 0 to 60000 (0 builds every answer)',
  RUN_JOBS: 'true or false',
  SHUTDOWN_DELAY_MS: 'a whole number of milliseconds from 0 to 60000',
  STRIPE_SECRET_KEY: 'a Stripe secret key such as sk_test_… (or a restricted key rk_…)',
  STRIPE_WEBHOOK_SECRET: 'the webhook signing secret whsec_… (required with STRIPE_SECRET_KEY)',
  STRIPE_API_BASE: 'a URL such as http://localhost:12111',
  LICENCE_SERVER_TOKEN: 'a secret of at least 24 characters',
  LICENCE_CONTENT_URL: 'an http(s) URL such as https://licences.example.com/content',
  OUTBOUND_ALLOWED_HOSTS: 'comma-separated host names such as 127.0.0.1,components.internal',
  AUDIT_RETENTION_DAYS: 'a whole number of days from 1 to 36500',
  AUDIT_DISABLED: 'true or false (only for the audit bench)',
} satisfies Record<keyof typeof envSchema.shape, string>;

/** Every environment variable the portal reads (the README's configuration table lists each). */
export const SETTING_NAMES = Object.keys(ACCEPTS) as (keyof typeof ACCEPTS)[];

/** One line for the person starting the server: each bad variable and what it accepts. */
function invalidSettings(issues: Pick<z.core.$ZodIssue, 'path'>[]): StartupError {
  const names = [...new Set(issues.map((issue) => String(issue.path[0])))];
  const problems = names.map((name) => `${name} must be ${ACCEPTS[name as keyof typeof ACCEPTS] ?? 'valid'}`);
  return new StartupError(`Invalid setting${names.length > 1 ? 's' : ''}: ${problems.join('; ')}.`);
}

function s3SettingsOf(url: string, e: z.infer<typeof envSchema>): S3Settings {
  const { hostname, pathname } = new URL(url);
  return {
    bucket: hostname,
    prefix: pathname.replace(/^\/+|\/+$/g, ''),
    region: e.AWS_REGION,
    endpoint: e.AWS_ENDPOINT_URL_S3,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
    downloadUrlSeconds: e.S3_DOWNLOAD_URL_SECONDS,
    credentials:
      e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
        ? { accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY, sessionToken: e.AWS_SESSION_TOKEN }
        : undefined,
  };
}

function publicUrlOf(e: z.infer<typeof envSchema>): string {
  return (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
}

/** Both default to the public address, which for the embedded start is http://localhost:<PORT>. */
function webauthnOf(e: z.infer<typeof envSchema>): Config['webauthn'] {
  const publicUrl = new URL(publicUrlOf(e));
  const origins = e.WEBAUTHN_ORIGIN ? e.WEBAUTHN_ORIGIN.split(',').map((origin) => origin.trim().replace(/\/$/, '')) : [publicUrl.origin];
  return { rpId: e.WEBAUTHN_RP_ID ?? publicUrl.hostname, origins };
}

function trustProxyOf(value: string | undefined): false | string[] {
  return value ? value.split(',').map((address) => address.trim()) : false;
}
