import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { SignInMethod } from '@casebridge/shared/schemas/user-sessions';
import { users } from './users.ts';

export type { SignInMethod };

/**
 * One row per sign-in: the token carries its id (`sid`). A session is live while it is not ended,
 * not expired and signed with the user's current token version (a password or email change, a
 * block or a removal moves the version on and so ends every row at once, ADR 0021).
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    /** Random, so an id in a token or a URL says nothing about how many sessions exist. */
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenVersion: integer('token_version').notNull(),
    method: text('method').$type<SignInMethod>().notNull(),
    device: text('device').notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId), index('user_sessions_expires_idx').on(t.expiresAt)],
);
