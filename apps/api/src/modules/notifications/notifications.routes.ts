import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { markReadBodySchema, notificationsResponseSchema } from '@casebridge/shared/schemas/account';
import { messageResponseSchema } from '@casebridge/shared/schemas/common';
import type { AppDeps } from '../../deps.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { loadCurrentUser } from '../../lib/current-user.ts';
import { bearerAuth, commonErrors } from '../../lib/route-schemas.ts';

const tags = ['notifications'];
/** The bell shows recent history; older notifications are not worth a page of their own yet. */
const LIST_LIMIT = 200;

export function notificationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/notifications', {
      schema: { tags, summary: "The signed-in user's notifications, newest first", security: bearerAuth, response: { 200: notificationsResponseSchema, ...commonErrors } },
      handler: async (request) => {
        const user = await loadCurrentUser(request, deps.db);
        const rows = await deps.db
          .select()
          .from(notifications)
          .where(eq(notifications.userId, user.id))
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(LIST_LIMIT);
        return {
          notifications: rows.map((row) => ({
            notificationId: row.id,
            notificationType: row.type,
            objectId: row.objectId,
            parentObjectId: row.parentObjectId,
            message: row.message,
            isRead: row.isRead,
            millId: row.millId,
            createdAt: row.createdAt.toISOString(),
          })),
        };
      },
    });

    app.post('/notifications/markReadState', {
      schema: { tags, summary: 'Mark notifications read or unread', security: bearerAuth, body: markReadBodySchema, response: { 200: messageResponseSchema, ...commonErrors } },
      handler: async (request) => {
        const user = await loadCurrentUser(request, deps.db);
        // Scoped to the caller: ids of someone else's notifications change nothing.
        await deps.db
          .update(notifications)
          .set({ isRead: request.body.read })
          .where(and(eq(notifications.userId, user.id), inArray(notifications.id, request.body.notificationIds)));
        return { ok: true as const, message: 'Updated' };
      },
    });
  };
}
