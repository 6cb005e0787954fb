import { z } from 'zod';
import { idSchema } from '../schemas/common.ts';
import { createMessageBodySchema, messageListQuerySchema, messageSchema } from '../schemas/orders.ts';
import { listResponseSchema } from '../schemas/paging.ts';
import { commonRefusals, defineEndpoint } from './core.ts';

/** Messages on orders and their components (spec portal-common, messages). */
const tags = ['messages'] as const;
const millParams = z.object({ millId: idSchema });

export const createMessage = defineEndpoint({
  method: 'POST',
  path: '/mills/:millId/messages',
  summary: 'Write on an order or one of its components',
  tags,
  access: 'order.message',
  params: millParams,
  body: createMessageBodySchema,
  responses: { 200: messageSchema, ...commonRefusals },
});

export const listMessages = defineEndpoint({
  method: 'GET',
  path: '/mills/:millId/messages',
  summary: "Messages from the other side in this mill's orders",
  tags,
  access: 'orders.list',
  params: millParams,
  query: messageListQuerySchema,
  responses: { 200: listResponseSchema(messageSchema), ...commonRefusals },
});
