import { bigint, index, integer, pgTable, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { mills } from './mills.ts';
import { users } from './users.ts';

/**
 * A user's authenticator (ADR 0020). The seed is sealed with AES-256-GCM (lib/secret-box.ts), never
 * stored plain; `confirmedAt` is null while enrolment waits for its first code. `lastUsedStep` is the
 * 30-second step of the last accepted code: a code of that step or an older one is refused.
 */
export const userTotp = pgTable('user_totp', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sealedSecret: text('sealed_secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes: only a keyed hash is stored; a used code keeps its row with `usedAt`. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_unique').on(t.userId, t.codeHash)],
);

/** `verify`: the password was right, a code is asked; `enrol`: the user must enrol an authenticator first. */
export type ChallengeKind = 'verify' | 'enrol';

/** A sign-in halfway: the password was right. Only the SHA-256 of the token is stored; single-use, 5 minutes. */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ChallengeKind>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sign_in_challenges_user_idx').on(t.userId)],
);

/**
 * Who must sign in with a second factor: a row with `millId` makes it the mill's staff's duty (set
 * by its admin); the one row without makes it the managers' and dealer users' (set by a manager).
 */
export const twoFactorRequirements = pgTable(
  'two_factor_requirements',
  {
    id: serial('id').primaryKey(),
    millId: integer('mill_id').references(() => mills.id, { onDelete: 'cascade' }),
    setBy: integer('set_by').references(() => users.id, { onDelete: 'set null' }),
    setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('two_factor_requirements_mill_unique').on(t.millId).nullsNotDistinct()],
);
