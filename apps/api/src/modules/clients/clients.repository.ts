import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Client } from '@casebridge/shared/schemas/clients';
import type { Db } from '../../db/client.ts';
import { companies } from '../../db/schema/companies.ts';
import { labs, millClients } from '../../db/schema/labs.ts';
import { users } from '../../db/schema/users.ts';

/**
 * The mill_clients table. What a mill sees of a client comes from the lab's user and company once
 * the lab accepted, so the client reads join those tables (read only; modules/users and
 * modules/companies write them).
 */
export interface ClientListQuery {
  start: number;
  limit: number;
  sort: { field: 'created_at' | 'firstName' | 'lastName' | 'email' | 'companyName'; direction: 'asc' | 'desc' };
  search?: string;
  status: 'any' | 'active' | 'inactive';
}

/** What the mill may see of a client: the lab's own value once it accepted, else what the mill typed. */
const shown = (own: AnyPgColumn, typed: AnyPgColumn) => sql`case when ${millClients.confirmed} then ${own} else ${typed} end`;

const SORT_COLUMNS = {
  created_at: millClients.createdAt,
  firstName: shown(users.firstName, millClients.invitedFirstName),
  lastName: shown(users.lastName, millClients.invitedLastName),
  email: shown(users.email, millClients.invitedEmail),
  companyName: sql`case when ${millClients.confirmed} then ${companies.name} else '' end`,
} as const;

/** Active: the lab accepted and nobody blocks it. Everything else is inactive. */
const isActive = sql<boolean>`(${millClients.confirmed} and not ${millClients.blockedByMill} and not ${millClients.blockedBySystem})`;

const clientColumns = {
  id: users.id,
  labId: labs.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  invitedFirstName: millClients.invitedFirstName,
  invitedLastName: millClients.invitedLastName,
  invitedEmail: millClients.invitedEmail,
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
  id: number;
  labId: number;
  firstName: string;
  lastName: string;
  email: string;
  companyId: number;
  companyName: string;
  invitedFirstName: string;
  invitedLastName: string;
  invitedEmail: string;
  contactPerson: string;
  confirmed: boolean;
  blockedByMill: boolean;
  blockedBySystem: boolean;
  active: boolean;
  createdAt: Date;
};

/**
 * A client the lab has not accepted yet shows only what the mill typed when inviting it: the
 * lab's own name, company and contact stay hidden until it agrees.
 */
export function toClientDto(row: ClientRow): Client {
  const accepted = row.confirmed;
  return {
    id: row.id,
    labId: row.labId,
    firstName: accepted ? row.firstName : row.invitedFirstName,
    lastName: accepted ? row.lastName : row.invitedLastName,
    email: accepted ? row.email : row.invitedEmail,
    company: accepted ? { id: row.companyId, name: row.companyName } : null,
    contactPerson: accepted ? row.contactPerson : '',
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
    const accepted = and(
      eq(millClients.confirmed, true),
      or(ilike(users.firstName, pattern), ilike(users.lastName, pattern), ilike(users.email, pattern), ilike(companies.name, pattern)),
    );
    const invited = and(
      eq(millClients.confirmed, false),
      or(
        ilike(millClients.invitedFirstName, pattern),
        ilike(millClients.invitedLastName, pattern),
        ilike(millClients.invitedEmail, pattern),
      ),
    );
    conditions.push(or(accepted, invited));
  }
  return and(...conditions);
}

export async function listClientPage(db: Db, millId: number, query: ClientListQuery): Promise<{ count: number; data: Client[] }> {
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
  return row ? toClientDto(row) : null;
}

export async function setBlockedByMill(db: Db, millId: number, labId: number, blocked: boolean): Promise<void> {
  await db
    .update(millClients)
    .set({ blockedByMill: blocked })
    .where(and(eq(millClients.millId, millId), eq(millClients.labId, labId)));
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

export async function countClients(db: Db, millId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(millClients).where(eq(millClients.millId, millId));
  return row?.n ?? 0;
}

/** How many mills hold a client relation naming this lab user (as the invited or the accepting person). */
export async function countRelationsOfUser(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(millClients).where(eq(millClients.userId, userId));
  return row?.n ?? 0;
}

export type ClientRelationRow = typeof millClients.$inferSelect;

export async function findRelation(db: Db, millId: number, labId: number): Promise<ClientRelationRow | null> {
  const [row] = await db
    .select()
    .from(millClients)
    .where(and(eq(millClients.millId, millId), eq(millClients.labId, labId)));
  return row ?? null;
}

export interface RelationInput {
  millId: number;
  labId: number;
  userId: number;
  confirmed: boolean;
  activationMessage?: string;
  /** What the mill typed; kept when a lab accepts an invitation by another route. */
  invited?: { firstName: string; lastName: string; email: string };
}

/** Creates the relation, or updates the one between this mill and lab (one per pair). */
export async function upsertRelation(db: Db, input: RelationInput): Promise<void> {
  const invited = input.invited
    ? { invitedFirstName: input.invited.firstName, invitedLastName: input.invited.lastName, invitedEmail: input.invited.email }
    : {};
  await db
    .insert(millClients)
    .values({
      millId: input.millId,
      labId: input.labId,
      userId: input.userId,
      confirmed: input.confirmed,
      activationMessage: input.activationMessage ?? '',
      ...invited,
    })
    .onConflictDoUpdate({
      target: [millClients.millId, millClients.labId],
      set: {
        confirmed: input.confirmed,
        userId: input.userId,
        ...invited,
        ...(input.activationMessage ? { activationMessage: input.activationMessage } : {}),
      },
    });
}

export async function confirmRelation(db: Db, millId: number, labId: number): Promise<void> {
  await db
    .update(millClients)
    .set({ confirmed: true })
    .where(and(eq(millClients.millId, millId), eq(millClients.labId, labId)));
}

/** The mills this lab agreed to work with, with the blocks on each relation. */
export async function confirmedRelationsOfLab(
  db: Db,
  labId: number,
): Promise<{ millId: number; blockedByMill: boolean; blockedBySystem: boolean }[]> {
  return db
    .select({ millId: millClients.millId, blockedByMill: millClients.blockedByMill, blockedBySystem: millClients.blockedBySystem })
    .from(millClients)
    .where(and(eq(millClients.labId, labId), eq(millClients.confirmed, true)))
    .orderBy(asc(millClients.millId));
}
