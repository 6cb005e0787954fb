import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { supportContactBodySchema } from '@casebridge/shared/schemas/mill-admin';
import { idSchema, messageResponseSchema } from '@casebridge/shared/schemas/common';
import type { AppDeps } from '../../deps.ts';
import { labs, millClients } from '../../db/schema/labs.ts';
import { millMembers } from '../../db/schema/mills.ts';
import { AppError } from '../../lib/app-error.ts';
import { loadCurrentUser, type UserRow } from '../../lib/current-user.ts';
import { bearerAuth, commonErrors } from '../../lib/route-schemas.ts';
import { companyOf } from '../session/session.service.ts';
import { escapeHtml } from '../../lib/html.ts';

const tags = ['support'];

/** Staff of the mill, or a lab that is a client of it, may write to support about that mill. */
async function belongsTo(deps: AppDeps, user: UserRow, millId: number): Promise<boolean> {
  if (user.roleType === 'mill') {
    const [row] = await deps.db.select().from(millMembers).where(and(eq(millMembers.millId, millId), eq(millMembers.userId, user.id)));
    return row !== undefined;
  }
  if (user.roleType !== 'lab' || user.companyId === null) return false;
  const [row] = await deps.db
    .select({ labId: labs.id })
    .from(millClients)
    .innerJoin(labs, eq(labs.id, millClients.labId))
    .where(and(eq(millClients.millId, millId), eq(labs.companyId, user.companyId)));
  return row !== undefined;
}


export function supportRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/mills/:millId/support/contact/send-email', {
      schema: { tags, summary: 'Write to the operator support, with the sender named', security: bearerAuth, params: z.object({ millId: idSchema }), body: supportContactBodySchema, response: { 200: messageResponseSchema, ...commonErrors } },
      handler: async (request) => {
        const user = await loadCurrentUser(request, deps.db);
        if (!(await belongsTo(deps, user, request.params.millId))) throw AppError.notFound('Mill');
        const company = await companyOf(deps.db, user.companyId);
        const sender = `${user.firstName} ${user.lastName} <${user.email}>, ${user.roleType} user of ${company?.name ?? 'no company'} (user ${user.id}), about mill ${request.params.millId}`;
        const { topic, message } = request.body;
        await deps.mailer.send({
          to: deps.config.supportEmail,
          subject: `[Support] ${topic}`,
          text: `From: ${sender}\n\n${message}`,
          html: `<p><b>From:</b> ${escapeHtml(sender)}</p><pre style="white-space:pre-wrap">${escapeHtml(message)}</pre>`,
        });
        return { ok: true as const, message: 'Email sent' };
      },
    });
  };
}
