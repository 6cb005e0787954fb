import { z } from 'zod';
import { idSchema, messageResponseSchema } from '../schemas/common.ts';
import {
  addComponentBodySchema,
  componentDetailSchema,
  createdOrderSchema,
  createOrderBodySchema,
  downloadLinkSchema,
  orderListQuerySchema,
  orderSchema,
} from '../schemas/orders.ts';
import { listResponseSchema } from '../schemas/paging.ts';
import { commonRefusals, defineEndpoint, errorResponseSchema } from './core.ts';

/**
 * Orders (spec portal-mill-lab §3–§5): the endpoints the command-line client sends and pulls with.
 * A withdrawn order refuses additions and ZIPs with 409 (ORDER_DELETED, ORDER_DELETED_NO_ZIP); a
 * mill whose plan has no order slot left refuses a submit with 409 (PLAN_LIMIT_REACHED).
 */
const intake = ['order intake'] as const;
const orderParams = z.object({ id: idSchema });
const withConflict = { ...commonRefusals, 409: errorResponseSchema } as const;

export const listMillOrders = defineEndpoint({
  method: 'GET',
  path: '/mills/:millId/projects',
  summary: "The mill's orders with their components (a lab: its own)",
  tags: ['orders'],
  access: 'orders.list',
  params: z.object({ millId: idSchema }),
  query: orderListQuerySchema,
  responses: { 200: listResponseSchema(orderSchema), ...commonRefusals },
});

export const createOrder = defineEndpoint({
  method: 'POST',
  path: '/orders',
  summary: 'Start an order with its components (the mill sees it once submitted)',
  tags: intake,
  access: 'orders.create',
  body: createOrderBodySchema,
  responses: { 200: createdOrderSchema, ...commonRefusals },
});

export const addComponent = defineEndpoint({
  method: 'POST',
  path: '/orders/:id/components',
  summary: 'Add a component to an order',
  tags: intake,
  access: 'order.edit',
  params: orderParams,
  body: addComponentBodySchema,
  responses: { 200: z.object({ id: z.number(), name: z.string() }), ...withConflict },
});

export const submitOrder = defineEndpoint({
  method: 'POST',
  path: '/orders/:id/submit',
  summary: 'Finish sending: the mill sees the order and is notified',
  tags: intake,
  access: 'order.edit',
  params: orderParams,
  responses: { 200: messageResponseSchema, ...withConflict },
});

export const getComponent = defineEndpoint({
  method: 'GET',
  path: '/projects/:projectId/components/:id',
  summary: 'A component with its files and messages (marks them read)',
  tags: ['orders'],
  access: 'order.read',
  params: z.object({ projectId: idSchema, id: idSchema }),
  responses: { 200: componentDetailSchema, ...commonRefusals },
});

/** The answer is a one-time link; the ZIP itself streams from `/dl/:token`, which the client fetches as bytes. */
export const orderZipLink = defineEndpoint({
  method: 'GET',
  path: '/project/:projectId/download/documents',
  summary: "A one-time link to a ZIP of the whole order's documents",
  tags: ['downloads'],
  access: 'order.read',
  params: z.object({ projectId: idSchema }),
  responses: { 200: downloadLinkSchema, ...withConflict },
});
