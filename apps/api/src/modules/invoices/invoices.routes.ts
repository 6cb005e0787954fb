import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invoiceSchema } from '@casebridge/shared/schemas/billing';
import { idSchema } from '@casebridge/shared/schemas/common';
import { listResponseSchema } from '@casebridge/shared/schemas/paging';
import type { AppDeps } from '../../deps.ts';
import { callerOf } from '../../lib/current-user.ts';
import { bearerAuth, commonErrors } from '../../lib/route-schemas.ts';
import { invoicePdf, listInvoices } from './invoices.service.ts';

const tags = ['invoices'];

export function invoiceRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/payments/invoices', {
      config: { access: 'subscription.manage' },
      schema: {
        tags,
        summary: "The mill's invoices, newest first (also its billing history)",
        security: bearerAuth,
        querystring: z.object({
          millId: idSchema,
          _start: z.coerce.number().int().min(0).max(1_000_000).default(0),
          _limit: z.coerce.number().int().min(1).max(100).default(10),
        }),
        response: { 200: listResponseSchema(invoiceSchema), ...commonErrors },
      },
      handler: async (request) => {
        const { millId, _start, _limit } = request.query;
        return listInvoices(deps, callerOf(request), millId, { start: _start, limit: _limit });
      },
    });

    app.get('/payments/invoices/:id/pdf', {
      config: { access: 'subscription.manage' },
      schema: { tags, summary: 'One invoice as a PDF', security: bearerAuth, params: z.object({ id: idSchema }) },
      handler: async (request, reply) => {
        const pdf = await invoicePdf(deps, callerOf(request), request.params.id);
        reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${pdf.fileName}"`);
        return reply.send(pdf.stream);
      },
    });
  };
}
