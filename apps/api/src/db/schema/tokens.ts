import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { mills } from './mills.ts';
import { users } from './users.ts';

/** `dealer-invitation`: a dealer user chooses their first password through the reset-password form. */
export type TokenPurpose = 'email-confirmation' | 'password-reset' | 'invitation' | 'dealer-invitation';

/** One-time tokens: only the SHA-256 of the random token is stored, so a database leak leaks no link. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose').$type<TokenPurpose>().notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    millId: integer('mill_id').references(() => mills.id, { onDelete: 'cascade' }),
    /** For invitations: the address the mill invited (the lab may sign up with another). */
    email: text('email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('one_time_tokens_user_idx').on(t.userId)],
);
