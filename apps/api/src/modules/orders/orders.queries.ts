import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { companiesById, labById } from '../companies/companies.queries.ts';
import { millsById } from '../mills/mills.queries.ts';
import { usersById } from '../users/users.queries.ts';
import { componentNames, componentsOfOrders, findComponent, orderNames, type ComponentRow, type OrderRow } from './orders.repository.ts';

/**
 * The orders module's read-only queries for the modules above it (ADR 0016): they take a database
 * handle and check no caller, so they write nothing (architecture.test.ts checks it).
 */

/** A component of this order; another order's component answers like a missing one. */
export async function componentOfOrder(db: Db, orderId: number, componentId: number): Promise<ComponentRow> {
  const component = await findComponent(db, componentId);
  if (!component || component.projectId !== orderId) throw AppError.notFound('Component');
  return component;
}

/** The order a component belongs to, to check access to it; null when there is no such component. */
export async function orderIdOfComponent(db: Db, componentId: number): Promise<number | null> {
  return (await findComponent(db, componentId))?.projectId ?? null;
}

export async function componentsOf(db: Db, orderId: number): Promise<ComponentRow[]> {
  return componentsOfOrders(db, [orderId]);
}

/** Who an order is between, by name: the mill, the lab, its author and its responsible person. */
export async function partiesOf(db: Db, order: OrderRow): Promise<OrderParties> {
  const people = [order.authorId, order.responsibleId].filter((id): id is number => id !== null);
  const [lab, [mill], persons] = await Promise.all([labById(db, order.labId), millsById(db, [order.millId]), usersById(db, people)]);
  const companies = await companiesById(
    db,
    [lab?.companyId, mill?.companyId].filter((id): id is number => id !== undefined),
  );
  const person = (id: number | null) => persons.find((candidate) => candidate.id === id);
  const author = person(order.authorId);
  const responsible = person(order.responsibleId);
  return {
    millName: (mill && companies.get(mill.companyId)?.name) ?? '',
    labName: (lab && companies.get(lab.companyId)?.name) ?? '',
    author: author ? { firstName: author.firstName, lastName: author.lastName } : null,
    responsible: responsible ? { id: responsible.id, firstName: responsible.firstName, lastName: responsible.lastName } : null,
  };
}

/** The names of these orders and components, by id; ids of rows that are gone are missing (the notification bell). */
export async function orderAndComponentNames(
  db: Db,
  ids: { orderIds: number[]; componentIds: number[] },
): Promise<{ orders: Map<number, string>; components: Map<number, string> }> {
  const [orders, components] = await Promise.all([orderNames(db, ids.orderIds), componentNames(db, ids.componentIds)]);
  return { orders: new Map(orders.map((row) => [row.id, row.name])), components: new Map(components.map((row) => [row.id, row.name])) };
}

export interface OrderParties {
  millName: string;
  labName: string;
  author: { firstName: string; lastName: string } | null;
  responsible: { id: number; firstName: string; lastName: string } | null;
}
