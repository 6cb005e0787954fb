import type { DealerCustomer, DealerCustomerBody } from '@casebridge/shared/schemas/dealers';
import { addressSchema, dealerCustomerSchema } from '@casebridge/shared/schemas/dealers';
import { listResponseSchema } from '@casebridge/shared/schemas/paging';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { authorize } from '../../access/access.ts';
import type { SessionUser } from '../../access/session-check.ts';
import { AppError } from '../../lib/app-error.ts';
import { unlessDuplicate } from '../../lib/db-errors.ts';
import { cachePerApp } from '../../lib/versioned-response-cache.ts';
import {
  countOfScope,
  countSearch,
  customerCodeTaken,
  customerPage,
  findCustomer,
  insertCustomer,
  listTarget,
  updateCustomer as updateRow,
  type CustomerListQuery,
  type CustomerRow,
  type CustomerScope,
} from './dealer-customers.repository.ts';

/**
 * A dealer's customers (spec manager-dealer §3 Dealer customer, §5 customer form, §6). The rule
 * book decides who adds, changes and moves which customer (a sub-dealer sees them read-only, a
 * dealer changes only its own dealer's, adds them for sub-dealers only with subDealerAllowed, and
 * only the manager gives one to another dealer).
 */
export type { CustomerListQuery };

// spec §5, verbatim.
const NOT_UNIQUE = 'Customer Id must be unique';

function toCustomer(row: CustomerRow): DealerCustomer {
  return {
    dealerCustomerId: row.id,
    dealerInfo: { id: row.dealerId, dealerId: row.dealerCode, dealerName: row.dealerName },
    customerInfo: {
      id: row.id,
      customerId: row.customerCode,
      title: row.title,
      salutation: row.salutation,
      firstName: row.firstName,
      lastName: row.lastName,
      position: row.position,
      company: row.company,
      contactInformation: addressSchema.parse(row.contactInformation),
      permissions: { showInfoToOutOfMaintenanceUsers: row.showInfoToOutOfMaintenanceUsers },
    },
    createdAt: row.createdAt.toISOString(),
  };
}

export interface CustomerListInput extends CustomerListQuery {
  dealerId?: number;
  showSubDealerCustomers: boolean;
}

/** Every list answer is checked like any response before it is sent or kept in the cache. */
const customerListResponseSchema = listResponseSchema(dealerCustomerSchema);

/** One cache per running app (its deps), sized by CUSTOMER_LIST_CACHE_BYTES. */
const listCacheOf = cachePerApp((deps: AppDeps) => deps.config.customerListCacheBytes);

/**
 * The customers a caller may list, as the serialized response. A dealer's pages (its subtree or
 * its own) are kept in the versioned cache under its tree's list version (ADR 0005, amended): a
 * root dealer's users page and search through the same 200,000 customers again and again. A
 * search's count is kept there too, apart from its pages and under the tree's search version: a
 * weak term ("muster1") matches tens of thousands of rows, so paging through it, sorting it
 * otherwise, or asking again after an edit of a field no search reads (most edits) counts them
 * once per search version instead of once per page or change; and concurrent askers of one page
 * wait for one build (getOrBuild).
 * The manager's network-wide list is not cached: no single version covers every tree, and one
 * shared version row would make every customer write in the network wait on the others.
 */
export async function listCustomers(deps: AppDeps, user: SessionUser, input: CustomerListInput): Promise<string> {
  const grant = await authorize(deps.db, user, 'customers.list', {});
  // Another subtree's dealer answers 404, exactly like a missing one.
  if (input.dealerId !== undefined) await authorize(deps.db, grant, 'customers.read', { dealerId: input.dealerId });
  const query: CustomerListQuery = { start: input.start, limit: input.limit, sort: input.sort, search: input.search };
  const dealerId = input.dealerId ?? grant.dealer?.dealerId;
  if (dealerId === undefined) {
    const all: CustomerScope = { kind: 'all' };
    return buildPage(deps.db, all, query, () => (query.search ? countSearch(deps.db, all, query.search) : countOfScope(deps.db, all)));
  }
  // The versions are read with the dealer, before the page is built: a kept answer can only be newer than its stamp.
  const target = await listTarget(deps.db, dealerId);
  if (!target) throw AppError.notFound('Dealer');
  const scope: CustomerScope = { kind: input.showSubDealerCustomers ? 'subtree' : 'own', dealerId: target.dealerId };
  const cache = listCacheOf(deps);
  const { search } = query;
  const count = search
    ? async () =>
        Number(
          await cache.getOrBuild(JSON.stringify(['count', scope, search]), target.searchVersion, async () =>
            String(await countSearch(deps.db, scope, search)),
          ),
        )
    : () => countOfScope(deps.db, scope);
  return cache.getOrBuild(JSON.stringify(['page', scope, query]), target.version, () => buildPage(deps.db, scope, query, count));
}

async function buildPage(db: Db, scope: CustomerScope, query: CustomerListQuery, count: () => Promise<number>): Promise<string> {
  const [rows, total] = await Promise.all([customerPage(db, scope, query), count()]);
  return JSON.stringify(customerListResponseSchema.parse({ count: total, data: rows.map(toCustomer) }));
}

async function customerOrNotFound(db: Db, id: number): Promise<CustomerRow> {
  const row = await findCustomer(db, id);
  if (!row) throw AppError.notFound('Customer');
  return row;
}

export async function readCustomer(deps: AppDeps, user: SessionUser, id: number): Promise<DealerCustomer> {
  const row = await customerOrNotFound(deps.db, id);
  await authorize(deps.db, user, 'customers.read', { dealerId: row.dealerId });
  return toCustomer(row);
}

/** The spec's uniqueness call for a new customer's id. */
export async function customerIdExists(deps: AppDeps, user: SessionUser, customerId: string): Promise<boolean> {
  await authorize(deps.db, user, 'customers.list', {});
  return customerCodeTaken(deps.db, customerId, null);
}

const notUnique = () => new AppError(409, 'CUSTOMER_ID_TAKEN', NOT_UNIQUE, { 'customerInfo.customerId': ['CUSTOMER_ID_TAKEN'] });

export async function createCustomer(deps: AppDeps, user: SessionUser, body: DealerCustomerBody): Promise<DealerCustomer> {
  // Without a dealer named, a dealer user's customer is its own dealer's.
  const signedIn = body.dealerId === undefined ? await authorize(deps.db, user, 'customers.list', {}) : undefined;
  const dealerId = body.dealerId ?? signedIn?.dealer?.dealerId;
  if (dealerId === undefined) throw AppError.fields({ dealerId: ['DEALER_REQUIRED'] }, 'Please select a reseller');
  await authorize(deps.db, signedIn ?? user, 'customers.create', { dealerId });
  if (await customerCodeTaken(deps.db, body.customerInfo.customerId, null)) throw notUnique();
  const id = await unlessDuplicate(() => insertCustomer(deps.db, dealerId, body.customerInfo), notUnique);
  return toCustomer(await customerOrNotFound(deps.db, id));
}

export async function updateCustomer(deps: AppDeps, user: SessionUser, id: number, body: DealerCustomerBody): Promise<DealerCustomer> {
  const existing = await customerOrNotFound(deps.db, id);
  const grant = await authorize(deps.db, user, 'customers.update', { dealerId: existing.dealerId });
  const dealerId = body.dealerId ?? existing.dealerId;
  if (dealerId !== existing.dealerId) await authorize(deps.db, grant, 'customers.move', { dealerId });
  if (await customerCodeTaken(deps.db, body.customerInfo.customerId, id)) throw notUnique();
  await unlessDuplicate(() => updateRow(deps.db, id, dealerId, body.customerInfo), notUnique);
  return toCustomer(await customerOrNotFound(deps.db, id));
}
