import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  componentDetailSchema,
  createMessageBodySchema,
  createOrderBodySchema,
  createdOrderSchema,
  downloadLinkSchema,
  draftOrderSchema,
  fileSchema,
  labDraftsQuerySchema,
  labOrderListQuerySchema,
  messageListQuerySchema,
  messageSchema,
  orderListQuerySchema,
  orderSchema,
  personSchema,
  updateComponentBodySchema,
  updateOrderBodySchema,
} from '@casebridge/shared/schemas/orders';
import { idSchema, messageResponseSchema } from '@casebridge/shared/schemas/common';
import { listResponseSchema } from '@casebridge/shared/schemas/paging';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { loadCurrentUser } from '../../lib/current-user.ts';
import { requireMillStaff } from '../../lib/mill-access.ts';
import { bearerAuth, commonErrors } from '../../lib/route-schemas.ts';
import { findUserById } from '../auth/auth.repository.ts';
import { labDrafts } from './drafts.service.ts';
import { createDownloadLink, deleteDownload, openDownload, uploadFile } from './files.service.ts';
import { createMessage, listMessages } from './messages.service.ts';
import { labAsClient, orderAccess } from './order-access.ts';
import { deleteOrder } from './order-deletion.ts';
import { OrderListCache } from './order-list-cache.ts';
import { listOrders, statusesOf } from './orders.repository.ts';
import { addComponent, componentDetail, createOrder, responsiblePersons, setResponsible, submitOrder, updateComponent } from './orders.service.ts';

const tags = ['orders'];
const orderListResponseSchema = listResponseSchema(orderSchema);
const uploadNote = 'multipart/form-data with one file under `files.file`; streamed to storage, checked against its name';

export function orderRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const user = (request: Parameters<typeof loadCurrentUser>[0]) => loadCurrentUser(request, deps.db);

  const listCache = new OrderListCache(deps.config.orderListCacheBytes);

  return async (app) => {
    // ---- The mill's workspace
    app.get('/mills/:millId/projects', {
      schema: { tags, summary: "The mill's orders with their components", security: bearerAuth, params: z.object({ millId: idSchema }), querystring: orderListQuerySchema, response: { 200: orderListResponseSchema, ...commonErrors } },
      handler: async (request, reply) => {
        const access = await requireMillStaff(request, deps.db, request.params.millId);
        // The viewer is part of the key: newMessages counts what this user has not read.
        const key = `${access.millId}:${access.user.id}:${JSON.stringify(request.query)}`;
        let body = listCache.get(key, access.listVersion);
        if (body === undefined) {
          const q = request.query;
          const page = await listOrders(deps.db, access.user.id, { millId: access.millId, statuses: statusesOf(q.status), client: q.client, responsible: q.responsible, search: q._q }, { start: q._start, limit: q._limit, sort: q._sort });
          // Serialized here, once, so later hits skip it; checked like any response.
          body = JSON.stringify(orderListResponseSchema.parse(page));
          listCache.set(key, access.listVersion, body);
        }
        // A JSON string with its content type goes out as it is (the typed reply expects objects).
        return (reply as FastifyReply).type('application/json; charset=utf-8').send(body);
      },
    });

    app.get('/mills/:millId/responsible-persons', {
      schema: { tags, summary: 'Who can be responsible for an order', security: bearerAuth, params: z.object({ millId: idSchema }), response: { 200: listResponseSchema(personSchema), ...commonErrors } },
      handler: async (request) => responsiblePersons(deps, (await requireMillStaff(request, deps.db, request.params.millId)).millId),
    });

    app.put('/mills/:millId/labs/:labId/projects/:id', {
      schema: { tags, summary: 'Hand an order to a mill user (or nobody)', security: bearerAuth, params: z.object({ millId: idSchema, labId: idSchema, id: idSchema }), body: updateOrderBodySchema, response: { 200: messageResponseSchema, ...commonErrors } },
      handler: async (request) => {
        const access = await orderAccess(deps.db, await user(request), request.params.id);
        if (access.project.millId !== request.params.millId || access.project.labId !== request.params.labId) throw AppError.notFound('Order');
        await setResponsible(deps, access, request.body.responsibleId);
        return { ok: true as const, message: 'Order updated' };
      },
    });

    // ---- The lab's workspace
    app.get('/labs/projects', {
      schema: { tags, summary: "The lab's orders with one mill", security: bearerAuth, querystring: labOrderListQuerySchema, response: { 200: listResponseSchema(orderSchema), ...commonErrors } },
      handler: async (request) => {
        const me = await user(request);
        const q = request.query;
        const { lab } = await labAsClient(deps.db, me, q.millId);
        return listOrders(deps.db, me.id, { millId: q.millId, labId: lab.id, statuses: statusesOf(q.status), search: q._q }, { start: q._start, limit: q._limit, sort: q._sort });
      },
    });

    app.post('/orders', {
      schema: { tags: ['order intake'], summary: 'Start an order with its components (the mill sees it once submitted)', security: bearerAuth, body: createOrderBodySchema, response: { 200: createdOrderSchema, ...commonErrors } },
      handler: async (request) => createOrder(deps, await user(request), request.body),
    });

    app.post('/orders/:id/components', {
      schema: { tags: ['order intake'], summary: 'Add a component to an order', security: bearerAuth, params: z.object({ id: idSchema }), body: z.strictObject({ name: z.string().trim().min(1).max(200) }), response: { 200: z.object({ id: z.number(), name: z.string() }), ...commonErrors } },
      handler: async (request) => addComponent(deps, await orderAccess(deps.db, await user(request), request.params.id), request.body.name),
    });

    app.post('/orders/:id/components/:componentId/documents', {
      schema: { tags: ['order intake'], summary: 'Upload a document to a component', description: uploadNote, security: bearerAuth, params: z.object({ id: idSchema, componentId: idSchema }), response: { 200: fileSchema, ...commonErrors } },
      handler: async (request) => {
        const row = await uploadFile(deps, request, await orderAccess(deps.db, await user(request), request.params.id), request.params.componentId, 'document');
        return { id: row.id, name: row.name, size: row.size, sha256: row.sha256, fileType: row.fileType, createdAt: row.createdAt.toISOString() };
      },
    });

    app.post('/orders/:id/submit', {
      schema: { tags: ['order intake'], summary: 'Finish sending: the mill sees the order and is notified', security: bearerAuth, params: z.object({ id: idSchema }), response: { 200: messageResponseSchema, ...commonErrors } },
      handler: async (request) => {
        await submitOrder(deps, await orderAccess(deps.db, await user(request), request.params.id));
        return { ok: true as const, message: 'Order sent' };
      },
    });

    app.delete('/orders/:id', {
      schema: { tags: ['order intake'], summary: 'The lab withdraws an order: its files are removed; a sent order stays listed as deleted, a draft goes', security: bearerAuth, params: z.object({ id: idSchema }), response: { 200: messageResponseSchema, ...commonErrors } },
      handler: async (request) => {
        const outcome = await deleteOrder(deps, await orderAccess(deps.db, await user(request), request.params.id));
        return { ok: true as const, message: outcome === 'deleted' ? 'Order deleted' : 'Unfinished order discarded' };
      },
    });

    // ---- Both sides
    app.get('/projects/:projectId/components/:id', {
      schema: { tags, summary: 'A component with its files and messages (marks them read)', security: bearerAuth, params: z.object({ projectId: idSchema, id: idSchema }), response: { 200: componentDetailSchema, ...commonErrors } },
      handler: async (request) => componentDetail(deps, await orderAccess(deps.db, await user(request), request.params.projectId), request.params.id),
    });

    app.put('/projects/:projectId/components/:id', {
      schema: { tags, summary: 'Change status or comment (mill users)', security: bearerAuth, params: z.object({ projectId: idSchema, id: idSchema }), body: updateComponentBodySchema, response: { 200: componentDetailSchema, ...commonErrors } },
      handler: async (request) => updateComponent(deps, await orderAccess(deps.db, await user(request), request.params.projectId), request.params.id, request.body),
    });

    app.post('/downloads', {
      schema: { tags, summary: 'The mill hands a file back on a component', description: `${uploadNote}; query projectId and componentId`, security: bearerAuth, querystring: z.object({ projectId: idSchema, componentId: idSchema }), response: { 200: fileSchema, ...commonErrors } },
      handler: async (request) => {
        const row = await uploadFile(deps, request, await orderAccess(deps.db, await user(request), request.query.projectId), request.query.componentId, 'download');
        return { id: row.id, name: row.name, size: row.size, sha256: row.sha256, fileType: row.fileType, createdAt: row.createdAt.toISOString() };
      },
    });

    app.delete('/downloads/:id', {
      schema: { tags, summary: 'Delete a file the mill handed back', security: bearerAuth, params: z.object({ id: idSchema }), response: { 200: messageResponseSchema, ...commonErrors } },
      handler: async (request) => {
        await deleteDownload(deps, await user(request), request.params.id);
        return { ok: true as const, message: 'Document deleted' };
      },
    });

    app.get('/files/:id/download', {
      schema: { tags: ['downloads'], summary: 'A one-time link to one file', security: bearerAuth, params: z.object({ id: idSchema }), response: { 200: downloadLinkSchema, ...commonErrors } },
      handler: async (request) => ({ url: await createDownloadLink(deps, await user(request), 'file', request.params.id) }),
    });

    app.get('/projects/:projectId/components/:componentId/download/documents', {
      schema: { tags: ['downloads'], summary: "A one-time link to a ZIP of the component's documents", security: bearerAuth, params: z.object({ projectId: idSchema, componentId: idSchema }), response: { 200: downloadLinkSchema, ...commonErrors } },
      handler: async (request) => {
        const access = await orderAccess(deps.db, await user(request), request.params.projectId);
        return { url: await createDownloadLink(deps, access.user, 'component', request.params.componentId) };
      },
    });

    app.get('/project/:projectId/download/documents', {
      schema: { tags: ['downloads'], summary: "A one-time link to a ZIP of the whole order's documents", security: bearerAuth, params: z.object({ projectId: idSchema }), response: { 200: downloadLinkSchema, ...commonErrors } },
      handler: async (request) => ({ url: await createDownloadLink(deps, await user(request), 'project', request.params.projectId) }),
    });

    app.get('/dl/:token', {
      schema: { tags: ['downloads'], summary: 'Use a one-time download link (attachment, streamed)', params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{40,50}$/) }) },
      handler: async (request, reply) => {
        const download = await openDownload(deps, request.params.token, (id) => findUserById(deps.db, id));
        reply
          .header('content-type', download.contentType)
          .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(download.filename)}`)
          .header('cache-control', 'no-store');
        if (download.size !== undefined) reply.header('content-length', download.size);
        return reply.send(download.stream);
      },
    });

    app.get('/reports/project/summary/:orderId', {
      schema: { tags: ['downloads'], summary: 'A one-time link to the PDF summary of an order', security: bearerAuth, params: z.object({ orderId: idSchema }), response: { 200: downloadLinkSchema, ...commonErrors } },
      handler: async (request) => ({ url: await createDownloadLink(deps, await user(request), 'report', request.params.orderId) }),
    });

    // ---- Messages
    app.post('/mills/:millId/messages', {
      schema: { tags: ['messages'], summary: 'Write on an order or one of its components', security: bearerAuth, params: z.object({ millId: idSchema }), body: createMessageBodySchema, response: { 200: messageSchema, ...commonErrors } },
      handler: async (request) => {
        return createMessage(deps, await user(request), request.params.millId, request.body);
      },
    });

    app.get('/mills/:millId/messages', {
      schema: { tags: ['messages'], summary: "Messages from the other side in this mill's orders", security: bearerAuth, params: z.object({ millId: idSchema }), querystring: messageListQuerySchema, response: { 200: listResponseSchema(messageSchema), ...commonErrors } },
      handler: async (request) => {
        const q = request.query;
        return listMessages(deps, request, await user(request), request.params.millId, { start: q._start, limit: q._limit, read: q.read, client: q.client });
      },
    });

    // ---- The lab's unsubmitted orders, to continue sending one (ADR 0003)
    app.get('/labs/drafts', {
      schema: { tags: ['order intake'], summary: 'Orders I started with this mill and have not sent yet, with the documents that arrived', security: bearerAuth, querystring: labDraftsQuerySchema, response: { 200: listResponseSchema(draftOrderSchema), ...commonErrors } },
      handler: async (request) => labDrafts(deps, await user(request), request.query.millId, request.query._limit),
    });
  };
}

