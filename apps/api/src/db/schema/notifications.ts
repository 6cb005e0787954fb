import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { mills } from './mills.ts';
import { users } from './users.ts';

export type NotificationType = 'newProjectCreated' | 'newMessageReceived' | 'planLimitReached' | 'filesExpiring';

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    millId: integer('mill_id').references(() => mills.id, { onDelete: 'cascade' }),
    type: text('type').$type<NotificationType>().notNull(),
    objectId: integer('object_id').notNull(),
    parentObjectId: integer('parent_object_id'),
    /** For a message: the component it was written on (null: on the order itself), so the bell can name it. */
    componentId: integer('component_id'),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);
