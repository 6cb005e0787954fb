import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listInvoices as listInvoicesContract } from '@casebridge/shared/contracts/subscriptions';
import { idSchema } from '@casebridge/shared/schemas/common';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf } from '../../lib/current-user.ts';
import { bearerAuth } from '../../lib/route-schemas.ts';
import { invoicePdf, listInvoices } from './invoices.service.ts';

const tags = ['invoices'];

export function invoiceRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...fromContract(listInvoicesContract),
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
