import { z } from 'zod';
import { idSchema, messageResponseSchema } from '../schemas/common.ts';
import {
  addComponentBodySchema,
  componentDetailSchema,
  createdOrderSchema,
  createOrderBodySchema,
  downloadLinkSchema,
  draftOrderSchema,
  fileSchema,
  labDraftsQuerySchema,
  labOrderListQuerySchema,
  orderListQuerySchema,
  orderSchema,
  personSchema,
  updateComponentBodySchema,
  updateOrderBodySchema,
} from '../schemas/orders.ts';
import { listResponseSchema } from '../schemas/paging.ts';
import { commonRefusals, defineEndpoint, errorResponseSchema, uploadRefusals } from './core.ts';

/**
 * Orders (spec portal-mill-lab §3–§5): both workspaces' lists, the order intake the web app and the
 * command-line client send with, the component view's changes and the download links.
 * A withdrawn order refuses additions, a second withdrawal and ZIPs with 409 (ORDER_DELETED,
 * ORDER_DELETED_NO_ZIP); a mill whose plan has no order slot or storage left refuses a submit or a
 * file with 409 (PLAN_LIMIT_REACHED). The bytes themselves travel outside these contracts: resumable
 * uploads through tus (`/api/uploads`) and every download through the one-time link `/dl/:token`
 * (a stream or a redirect to the bucket), whose answers are not JSON.
 */
const intake = ['order intake'] as const;
const orderParams = z.object({ id: idSchema });
const withConflict = { ...commonRefusals, 409: errorResponseSchema } as const;
const componentParams = z.object({ projectId: idSchema, componentId: idSchema });

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

// ---- The lab's workspace

export const listLabOrders = defineEndpoint({
  method: 'GET',
  path: '/labs/projects',
  summary: "The lab's orders with one mill",
  tags: ['orders'],
  access: 'orders.list',
  query: labOrderListQuerySchema,
  responses: { 200: listResponseSchema(orderSchema), ...commonRefusals },
});

export const listLabDrafts = defineEndpoint({
  method: 'GET',
  path: '/labs/drafts',
  summary: 'Orders I started with this mill and have not sent yet, with the documents that arrived',
  tags: intake,
  access: 'orders.create',
  query: labDraftsQuerySchema,
  responses: { 200: listResponseSchema(draftOrderSchema), ...commonRefusals },
});

export const deleteOrder = defineEndpoint({
  method: 'DELETE',
  path: '/orders/:id',
  summary: 'The lab withdraws an order: its files are removed; a sent order stays listed as deleted, a draft goes',
  tags: intake,
  access: 'order.delete',
  params: orderParams,
  // 409: the order was withdrawn already.
  responses: { 200: messageResponseSchema, ...withConflict },
});

export const uploadOrderDocument = defineEndpoint({
  method: 'POST',
  path: '/orders/:id/components/:componentId/documents',
  summary: 'Upload a document to a component',
  description: 'multipart/form-data with one file under `files.file`; streamed to storage, checked against its name',
  tags: intake,
  access: 'order.edit',
  params: z.object({ id: idSchema, componentId: idSchema }),
  multipart: { file: 'file' },
  // 409: the order was withdrawn, or the mill's plan has no storage left for the file.
  responses: { 200: fileSchema, ...uploadRefusals, 409: errorResponseSchema },
});

// ---- The mill's workspace

export const listResponsiblePersons = defineEndpoint({
  method: 'GET',
  path: '/mills/:millId/responsible-persons',
  summary: 'Who can be responsible for an order',
  tags: ['orders'],
  access: 'orders.assign',
  params: z.object({ millId: idSchema }),
  responses: { 200: listResponseSchema(personSchema), ...commonRefusals },
});

export const setResponsible = defineEndpoint({
  method: 'PUT',
  path: '/mills/:millId/labs/:labId/projects/:id',
  summary: 'Hand an order to a mill user (or nobody)',
  tags: ['orders'],
  access: 'order.process',
  params: z.object({ millId: idSchema, labId: idSchema, id: idSchema }),
  body: updateOrderBodySchema,
  responses: { 200: messageResponseSchema, ...commonRefusals },
});

export const updateComponent = defineEndpoint({
  method: 'PUT',
  path: '/projects/:projectId/components/:id',
  summary: 'Change status or comment (mill users)',
  tags: ['orders'],
  access: 'order.process',
  params: z.object({ projectId: idSchema, id: idSchema }),
  body: updateComponentBodySchema,
  responses: { 200: componentDetailSchema, ...commonRefusals },
});

export const uploadReturnedFile = defineEndpoint({
  method: 'POST',
  path: '/downloads',
  summary: 'The mill hands a file back on a component',
  description:
    'multipart/form-data with one file under `files.file`; streamed to storage, checked against its name; query projectId and componentId',
  tags: ['orders'],
  access: 'order.process',
  query: z.object({ projectId: idSchema, componentId: idSchema }),
  multipart: { file: 'file' },
  // 409: the order was withdrawn, or the mill's plan has no storage left for the file.
  responses: { 200: fileSchema, ...uploadRefusals, 409: errorResponseSchema },
});

export const deleteReturnedFile = defineEndpoint({
  method: 'DELETE',
  path: '/downloads/:id',
  summary: 'Delete a file the mill handed back',
  tags: ['orders'],
  access: 'order.process',
  params: z.object({ id: idSchema }),
  responses: { 200: messageResponseSchema, ...commonRefusals },
});

// ---- Download links (the bytes come from `/dl/:token`)

export const fileLink = defineEndpoint({
  method: 'GET',
  path: '/files/:id/download',
  summary: 'A one-time link to one file',
  tags: ['downloads'],
  access: 'order.read',
  params: z.object({ id: idSchema }),
  responses: { 200: downloadLinkSchema, ...commonRefusals },
});

export const componentZipLink = defineEndpoint({
  method: 'GET',
  path: '/projects/:projectId/components/:componentId/download/documents',
  summary: "A one-time link to a ZIP of the component's documents",
  tags: ['downloads'],
  access: 'order.read',
  params: componentParams,
  // 409: the order was withdrawn (ORDER_DELETED_NO_ZIP).
  responses: { 200: downloadLinkSchema, ...withConflict },
});

export const orderReportLink = defineEndpoint({
  method: 'GET',
  path: '/reports/project/summary/:orderId',
  summary: 'A one-time link to the PDF summary of an order',
  tags: ['downloads'],
  access: 'order.read',
  params: z.object({ orderId: idSchema }),
  responses: { 200: downloadLinkSchema, ...commonRefusals },
});
