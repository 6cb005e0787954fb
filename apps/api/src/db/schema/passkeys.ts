import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A user's passkeys (WebAuthn credentials, ADR 0023): the credential id and COSE public key the
 * authenticator gave at registration, and its signature counter (an authenticator that counts
 * must count up: a counter going back means a cloned key, and the assertion is refused).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** base64url, as the browser sends it in every assertion. */
    credentialId: text('credential_id').notNull(),
    /** The COSE key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** usb, nfc, ble, internal, hybrid…: hints the browser uses to offer the right authenticator. */
    transports: text('transports').array().notNull().default([]),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('passkeys_credential_unique').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/** What a WebAuthn challenge was issued for; a challenge answers only its own purpose. */
export type WebauthnPurpose = 'register' | 'second-factor' | 'sign-in';

/**
 * WebAuthn challenges, in the database so that any process can check the answer to one another
 * process issued. Single-use (closed by a conditional update) and short-lived (5 minutes). `userId`
 * is null for a password-free sign-in, where the credential tells who signs in.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: serial('id').primaryKey(),
    challenge: text('challenge').notNull(),
    purpose: text('purpose').$type<WebauthnPurpose>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('webauthn_challenges_challenge_unique').on(t.challenge), index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);
