import { and, eq } from 'drizzle-orm';
import type { MillRole } from '@casebridge/shared/constants/roles';
import type { Db } from '../../db/client.ts';
import { labs, millClients } from '../../db/schema/labs.ts';
import { millMembers } from '../../db/schema/mills.ts';
import { projects } from '../../db/schema/orders.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../../lib/current-user.ts';

export type ProjectRow = typeof projects.$inferSelect;

export type OrderAccess =
  | { side: 'mill'; project: ProjectRow; millRole: MillRole; user: UserRow }
  | { side: 'lab'; project: ProjectRow; user: UserRow; blocked: boolean };

/**
 * Who may see an order: the staff of its mill (once the lab submitted it), and the users of its
 * lab. Everyone else gets 404, exactly like for an order that does not exist.
 */
export async function orderAccess(db: Db, user: UserRow, projectId: number): Promise<OrderAccess> {
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
  if (!project) throw AppError.notFound('Order');
  if (user.roleType === 'mill' && project.submittedAt) {
    const [member] = await db.select().from(millMembers).where(and(eq(millMembers.millId, project.millId), eq(millMembers.userId, user.id)));
    if (member) return { side: 'mill', project, millRole: member.millRole, user };
  }
  if (user.roleType === 'lab' && user.companyId !== null) {
    const [row] = await db
      .select({ client: millClients })
      .from(labs)
      .leftJoin(millClients, and(eq(millClients.labId, labs.id), eq(millClients.millId, project.millId)))
      .where(and(eq(labs.id, project.labId), eq(labs.companyId, user.companyId)));
    if (row) {
      const blocked = !row.client || row.client.blockedByMill || row.client.blockedBySystem;
      return { side: 'lab', project, user, blocked };
    }
  }
  throw AppError.notFound('Order');
}

/** Labs that the mill blocked, or that are no client any more, read but do not write. */
export function assertLabMayWrite(access: OrderAccess): void {
  if (access.side === 'lab' && access.blocked) {
    throw AppError.forbidden('This mill does not accept orders or messages from you at the moment.');
  }
}

export function assertMillSide(access: OrderAccess): asserts access is Extract<OrderAccess, { side: 'mill' }> {
  // The lab sees what exists but may not change the mill's part: answer 403, it knows the order.
  if (access.side !== 'mill') throw AppError.forbidden('Only the mill can do this');
}

/** The lab of a lab user, as a client of the given mill (confirmed and not blocked). */
export async function labAsClient(db: Db, user: UserRow, millId: number) {
  if (user.roleType !== 'lab' || user.companyId === null) throw AppError.notFound('Mill');
  const [row] = await db
    .select({ lab: labs, client: millClients })
    .from(labs)
    .innerJoin(millClients, and(eq(millClients.labId, labs.id), eq(millClients.millId, millId)))
    .where(eq(labs.companyId, user.companyId));
  if (!row || !row.client.confirmed) throw AppError.notFound('Mill');
  return { lab: row.lab, blocked: row.client.blockedByMill || row.client.blockedBySystem };
}
