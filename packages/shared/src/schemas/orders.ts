import { z } from 'zod';
import { COMPONENT_STATUSES, STATUS_FILTERS } from '../constants/orders.ts';
import { bodyIdSchema, idSchema, lineSchema, textSchema } from './common.ts';
import { listQuerySchema } from './paging.ts';

export const ORDER_SORT_FIELDS = ['created_at', 'name', 'id'] as const;

export const orderListQuerySchema = listQuerySchema(ORDER_SORT_FIELDS, 'created_at:desc').extend({
  status: z.enum(STATUS_FILTERS).optional(),
  /** A lab id (the client). */
  client: idSchema.optional(),
  /** A mill user id, or `none` for orders nobody is responsible for. */
  responsible: z.union([z.literal('none'), idSchema]).optional(),
});

export const labOrderListQuerySchema = listQuerySchema(ORDER_SORT_FIELDS, 'created_at:desc').extend({
  millId: idSchema,
  status: z.enum(STATUS_FILTERS).optional(),
});

export const componentSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  displayName: z.string(),
  status: z.enum(COMPONENT_STATUSES),
  documentsCount: z.number(),
  downloadsCount: z.number(),
});

export const personSchema = z.object({ id: z.number(), firstName: z.string(), lastName: z.string() });

export const orderSchema = z.object({
  id: z.number(),
  name: z.string(),
  created_at: z.string(),
  isDeleted: z.boolean(),
  millId: z.number(),
  labId: z.number(),
  client: z.object({ id: z.number(), name: z.string() }),
  author: z.object({ companyName: z.string(), logo: z.object({ url: z.string() }).nullable() }),
  responsible: personSchema.nullable(),
  messages: z.number(),
  newMessages: z.number(),
  components: z.array(componentSummarySchema),
});
export type Order = z.infer<typeof orderSchema>;

export const fileSchema = z.object({
  id: z.number(),
  name: z.string(),
  size: z.number(),
  sha256: z.string(),
  fileType: z.string(),
  createdAt: z.string(),
});

export const messageSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  componentId: z.number().nullable(),
  message: z.string(),
  created_at: z.string(),
  read: z.boolean(),
  /** When the other side first read it (ISO 8601), null until then: its author sees 'read'. */
  readAt: z.string().nullable(),
  author: z.object({
    id: z.number().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    avatar: z.object({ url: z.string() }).nullable(),
    role: z.enum(['mill', 'lab', 'manager', 'dealer']).nullable(),
    millRole: z.enum(['admin', 'user']).nullable(),
  }),
  companyName: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const componentDetailSchema = z.object({
  id: z.number(),
  name: z.string(),
  displayName: z.string(),
  status: z.enum(COMPONENT_STATUSES),
  comment: z.string(),
  documents: z.array(fileSchema),
  downloads: z.array(fileSchema),
  messages: z.array(messageSchema),
  project: z.object({
    id: z.number(),
    name: z.string(),
    isDeleted: z.boolean(),
    created_at: z.string(),
    millId: z.number(),
    labId: z.number(),
    client: z.object({ id: z.number(), name: z.string() }),
    author: z.object({ firstName: z.string(), lastName: z.string(), companyName: z.string() }).nullable(),
    responsible: personSchema.nullable(),
  }),
});
export type ComponentDetail = z.infer<typeof componentDetailSchema>;

export const updateComponentBodySchema = z
  .strictObject({
    status: z.enum(COMPONENT_STATUSES).optional(),
    comment: textSchema.max(2000).optional(),
  })
  // An update that changes nothing is a caller's mistake, not a query without columns.
  .refine((body) => body.status !== undefined || body.comment !== undefined, 'Send a status or a comment');

export const updateOrderBodySchema = z.strictObject({ responsibleId: bodyIdSchema.nullable() });

/** A component's name: the lab's words for one restoration (the CLI takes it from a folder name). */
export const componentNameSchema = lineSchema.trim().min(1).max(200);

export const addComponentBodySchema = z.strictObject({ name: componentNameSchema });

export const createOrderBodySchema = z.strictObject({
  millId: bodyIdSchema,
  name: lineSchema.trim().min(1).max(200),
  components: z
    .array(z.strictObject({ name: componentNameSchema }))
    .min(1)
    .max(100),
});
export const createdOrderSchema = z.object({
  id: z.number(),
  name: z.string(),
  components: z.array(z.object({ id: z.number(), name: z.string() })),
});

export const createMessageBodySchema = z.strictObject({
  projectId: bodyIdSchema,
  componentId: bodyIdSchema.optional(),
  message: textSchema.trim().min(1).max(5000),
});

export const messageListQuerySchema = listQuerySchema(['created_at'] as const, 'created_at:desc').extend({
  read: z.enum(['true', 'false']).optional(),
  /** Mill side: only the messages of one client (a lab id). */
  client: idSchema.optional(),
});

export const downloadLinkSchema = z.object({ url: z.string() });

/** A lab's unsubmitted orders with one mill: the newest `_limit` of them, `count` in all. */
export const labDraftsQuerySchema = z.object({
  millId: idSchema,
  _limit: z.coerce.number().int().min(1).max(100).default(10),
});

/** An order the lab started but did not submit, with the documents that already arrived. */
export const draftOrderSchema = z.object({
  id: z.number(),
  name: z.string(),
  created_at: z.string(),
  components: z.array(z.object({ id: z.number(), name: z.string(), documents: z.array(fileSchema) })),
});
export type DraftOrder = z.infer<typeof draftOrderSchema>;
