import { z } from 'zod';
import { idSchema } from '../schemas/common.ts';
import {
  customerUniqueParamsSchema,
  customerUniqueResponseSchema,
  dealerCustomerBodySchema,
  dealerCustomerListQuerySchema,
  dealerCustomerSchema,
} from '../schemas/dealers.ts';
import { listResponseSchema } from '../schemas/paging.ts';
import { commonRefusals, defineEndpoint, errorResponseSchema } from './core.ts';

/** Customers of the reseller network (spec §7 Customers). */
const tags = ['dealer customers'] as const;
const customerParams = z.object({ id: idSchema });

export const listCustomers = defineEndpoint({
  method: 'GET',
  path: '/dealer-customers',
  summary: "A dealer's customers (with its sub-dealers' unless showSubDealerCustomers=false), searchable and paged",
  tags,
  access: 'customers.list',
  query: dealerCustomerListQuerySchema,
  responses: { 200: listResponseSchema(dealerCustomerSchema), ...commonRefusals },
});

export const customerIdUnique = defineEndpoint({
  method: 'GET',
  path: '/dealer-customers/is-unique/:customerId',
  summary: 'Whether a customer id is taken',
  tags,
  access: 'customers.list',
  params: customerUniqueParamsSchema,
  responses: { 200: customerUniqueResponseSchema, ...commonRefusals },
});

export const createCustomer = defineEndpoint({
  method: 'POST',
  path: '/dealer-customers',
  summary: 'Add a customer',
  tags,
  access: 'customers.create',
  body: dealerCustomerBodySchema,
  // 409 CUSTOMER_ID_TAKEN under customerInfo.customerId.
  responses: { 200: dealerCustomerSchema, ...commonRefusals, 409: errorResponseSchema },
});

export const getCustomer = defineEndpoint({
  method: 'GET',
  path: '/dealer-customers/:id',
  summary: 'One customer',
  tags,
  access: 'customers.read',
  params: customerParams,
  responses: { 200: dealerCustomerSchema, ...commonRefusals },
});

export const updateCustomer = defineEndpoint({
  method: 'PUT',
  path: '/dealer-customers/:id',
  summary: 'Change a customer',
  tags,
  access: 'customers.update',
  params: customerParams,
  body: dealerCustomerBodySchema,
  // 409 CUSTOMER_ID_TAKEN under customerInfo.customerId.
  responses: { 200: dealerCustomerSchema, ...commonRefusals, 409: errorResponseSchema },
});
