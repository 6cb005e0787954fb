import { z } from 'zod';
import { idSchema, messageResponseSchema } from '../schemas/common.ts';
import { supportContactBodySchema } from '../schemas/mill-admin.ts';
import { commonRefusals, defineEndpoint } from './core.ts';

/** Writing to the operator's support about one mill (the mill's staff and its labs). */
export const sendSupportMessage = defineEndpoint({
  method: 'POST',
  path: '/mills/:millId/support/contact/send-email',
  summary: 'Write to the operator support, with the sender named',
  tags: ['support'],
  access: 'mill.support',
  params: z.object({ millId: idSchema }),
  body: supportContactBodySchema,
  responses: { 200: messageResponseSchema, ...commonRefusals },
});
