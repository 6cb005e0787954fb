import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Client } from '@casebridge/shared/schemas/clients';
import type { Db } from '../../db/client.ts';
import { companies } from '../../db/schema/companies.ts';
import { labs, millClients } from '../../db/schema/labs.ts';
import { users } from '../../db/schema/users.ts';

export interface ClientListQuery {
  start: number;
  limit: number;
  sort: { field: 'created_at' | 'firstName' | 'lastName' | 'email' | 'companyName'; direction: 'asc' | 'desc' };
  search?: string;
  status: 'any' | 'active' | 'inactive';
}

const SORT_COLUMNS = {
  created_at: millClients.createdAt,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  companyName: companies.name,
} as const;

/** Active: the lab accepted and nobody blocks it. Everything else is inactive. */
const isActive = sql<boolean>`(${millClients.confirmed} and not ${millClients.blockedByMill} and not ${millClients.blockedBySystem})`;

const clientColumns = {
  id: users.id,
  labId: labs.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  companyId: companies.id,
  companyName: companies.name,
  contactPerson: companies.contactPerson,
  confirmed: millClients.confirmed,
  blockedByMill: millClients.blockedByMill,
  blockedBySystem: millClients.blockedBySystem,
  active: isActive,
  createdAt: millClients.createdAt,
};

type ClientRow = { [K in keyof typeof clientColumns]: unknown } & {
  id: number; labId: number; firstName: string; lastName: string; email: string; companyId: number; companyName: string;
  contactPerson: string; confirmed: boolean; blockedByMill: boolean; blockedBySystem: boolean; active: boolean; createdAt: Date;
};

export function toClientDto(row: ClientRow): Client {
  return {
    id: row.id,
    labId: row.labId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    company: { id: row.companyId, name: row.companyName },
    contactPerson: row.contactPerson,
    confirmed: row.confirmed,
    status: row.active ? 'active' : 'inactive',
    blockedByMill: row.blockedByMill,
    blockedBySystem: row.blockedBySystem,
    createdAt: row.createdAt.toISOString(),
  };
}

function baseQuery(db: Db) {
  return db
    .select(clientColumns)
    .from(millClients)
    .innerJoin(labs, eq(labs.id, millClients.labId))
    .innerJoin(companies, eq(companies.id, labs.companyId))
    .innerJoin(users, eq(users.id, millClients.userId));
}

function filters(millId: number, query: Pick<ClientListQuery, 'search' | 'status'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(millClients.millId, millId)];
  if (query.status === 'active') conditions.push(isActive);
  if (query.status === 'inactive') conditions.push(sql`not ${isActive}`);
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(users.firstName, pattern), ilike(users.lastName, pattern), ilike(users.email, pattern), ilike(companies.name, pattern)));
  }
  return and(...conditions);
}

export async function listClients(db: Db, millId: number, query: ClientListQuery): Promise<{ count: number; data: Client[] }> {
  const where = filters(millId, query);
  const order = query.sort.direction === 'asc' ? asc(SORT_COLUMNS[query.sort.field]) : desc(SORT_COLUMNS[query.sort.field]);
  const [rows, [total]] = await Promise.all([
    baseQuery(db).where(where).orderBy(order, desc(users.id)).limit(query.limit).offset(query.start),
    db
      .select({ n: count() })
      .from(millClients)
      .innerJoin(labs, eq(labs.id, millClients.labId))
      .innerJoin(companies, eq(companies.id, labs.companyId))
      .innerJoin(users, eq(users.id, millClients.userId))
      .where(where),
  ]);
  return { count: total?.n ?? 0, data: rows.map((row) => toClientDto(row as ClientRow)) };
}

/** A client of this mill by its lab user's id; null for anyone else's, so callers answer 404. */
export async function findClient(db: Db, millId: number, userId: number): Promise<Client | null> {
  const [row] = await baseQuery(db).where(and(eq(millClients.millId, millId), eq(millClients.userId, userId)));
  return row ? toClientDto(row as ClientRow) : null;
}

export async function setBlockedByMill(db: Db, millId: number, labId: number, blocked: boolean): Promise<void> {
  await db.update(millClients).set({ blockedByMill: blocked }).where(and(eq(millClients.millId, millId), eq(millClients.labId, labId)));
}

export async function deleteClient(db: Db, millId: number, labId: number): Promise<void> {
  await db.delete(millClients).where(and(eq(millClients.millId, millId), eq(millClients.labId, labId)));
}

export async function activationMessageOf(db: Db, millId: number, labId: number): Promise<string> {
  const [row] = await db
    .select({ message: millClients.activationMessage })
    .from(millClients)
    .where(and(eq(millClients.millId, millId), eq(millClients.labId, labId)));
  return row?.message ?? '';
}
