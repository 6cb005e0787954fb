import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ComponentDetail } from '@casebridge/shared/schemas/orders';
import type { AppDeps } from '../../deps.ts';
import { companies } from '../../db/schema/companies.ts';
import { labs } from '../../db/schema/labs.ts';
import { millMembers } from '../../db/schema/mills.ts';
import { componentFiles, components, messageReads, messages, projects, type ComponentStatus } from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../../lib/current-user.ts';
import { notify } from '../notifications/notifications.service.ts';
import { assertLabMayWrite, assertMillSide, labAsClient, type OrderAccess } from './order-access.ts';
import { messagesOf } from './messages.repository.ts';

export async function createOrder(deps: AppDeps, user: UserRow, input: { millId: number; name: string; components: { name: string }[] }) {
  const { lab, blocked } = await labAsClient(deps.db, user, input.millId);
  if (blocked) throw AppError.forbidden('This mill does not accept orders from you at the moment.');
  return deps.db.transaction(async (tx) => {
    const [project] = await tx.insert(projects).values({ millId: input.millId, labId: lab.id, authorId: user.id, name: input.name }).returning();
    const created = await tx
      .insert(components)
      .values(input.components.map((c) => ({ projectId: project!.id, name: c.name })))
      .returning({ id: components.id, name: components.name });
    return { id: project!.id, name: project!.name, components: created };
  });
}

export async function addComponent(deps: AppDeps, access: OrderAccess, name: string) {
  if (access.side !== 'lab') throw AppError.forbidden('Only the lab adds components');
  assertLabMayWrite(access);
  const [created] = await deps.db.insert(components).values({ projectId: access.project.id, name }).returning({ id: components.id, name: components.name });
  return created!;
}

/** The order becomes visible to the mill, whose users are notified once. */
export async function submitOrder(deps: AppDeps, access: OrderAccess): Promise<void> {
  if (access.side !== 'lab') throw AppError.forbidden('Only the lab sends an order');
  assertLabMayWrite(access);
  const [updated] = await deps.db
    .update(projects)
    .set({ submittedAt: sql`now()` })
    .where(and(eq(projects.id, access.project.id), sql`${projects.submittedAt} is null`))
    .returning();
  if (!updated) return;
  await notify(
    deps,
    {
      type: 'newProjectCreated',
      millId: updated.millId,
      labId: updated.labId,
      objectId: updated.id,
      parentObjectId: null,
      message: updated.name,
      senderId: access.user.id,
      responsibleId: updated.responsibleId,
    },
    'mill',
  );
}

export async function componentOf(deps: AppDeps, access: OrderAccess, componentId: number) {
  const [component] = await deps.db.select().from(components).where(and(eq(components.id, componentId), eq(components.projectId, access.project.id)));
  if (!component) throw AppError.notFound('Component');
  return component;
}

export const fileDto = (f: typeof componentFiles.$inferSelect) => ({ id: f.id, name: f.name, size: f.size, sha256: f.sha256, fileType: f.fileType, createdAt: f.createdAt.toISOString() });

/** Opening a component marks its messages read for the viewer only. */
export async function componentDetail(deps: AppDeps, access: OrderAccess, componentId: number): Promise<ComponentDetail> {
  const component = await componentOf(deps, access, componentId);
  const files = await deps.db.select().from(componentFiles).where(eq(componentFiles.componentId, component.id)).orderBy(asc(componentFiles.id));
  await markRead(deps, access.user.id, access.project.id, component.id);
  const project = access.project;
  const [lab] = await deps.db.select({ name: companies.name }).from(labs).innerJoin(companies, eq(companies.id, labs.companyId)).where(eq(labs.id, project.labId));
  const [author] = project.authorId ? await deps.db.select().from(users).where(eq(users.id, project.authorId)) : [];
  const [responsible] = project.responsibleId ? await deps.db.select().from(users).where(eq(users.id, project.responsibleId)) : [];
  return {
    id: component.id,
    name: component.name,
    displayName: component.name,
    status: component.status,
    comment: component.comment,
    documents: files.filter((f) => f.kind === 'document').map(fileDto),
    downloads: files.filter((f) => f.kind === 'download').map(fileDto),
    messages: await messagesOf(deps.db, access.user.id, project.id, component.id),
    project: {
      id: project.id,
      name: project.name,
      isDeleted: project.isDeleted,
      created_at: project.createdAt.toISOString(),
      millId: project.millId,
      labId: project.labId,
      client: { id: project.labId, name: lab?.name ?? '' },
      author: author ? { firstName: author.firstName, lastName: author.lastName, companyName: lab?.name ?? '' } : null,
      responsible: responsible ? { id: responsible.id, firstName: responsible.firstName, lastName: responsible.lastName } : null,
    },
  };
}

async function markRead(deps: AppDeps, userId: number, projectId: number, componentId: number): Promise<void> {
  const unread = await deps.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.projectId, projectId), eq(messages.componentId, componentId), ne(messages.authorId, userId)));
  if (unread.length === 0) return;
  await deps.db
    .insert(messageReads)
    .values(unread.map((m) => ({ messageId: m.id, userId })))
    .onConflictDoNothing();
}

export async function updateComponent(deps: AppDeps, access: OrderAccess, componentId: number, patch: { status?: ComponentStatus; comment?: string }) {
  assertMillSide(access);
  const component = await componentOf(deps, access, componentId);
  await deps.db.update(components).set(patch).where(eq(components.id, component.id));
  return componentDetail(deps, access, component.id);
}

export async function responsiblePersons(deps: AppDeps, millId: number) {
  const rows = await deps.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(millMembers)
    .innerJoin(users, eq(users.id, millMembers.userId))
    .where(and(eq(millMembers.millId, millId), eq(users.blocked, false)))
    .orderBy(asc(users.lastName), asc(users.firstName));
  return { count: rows.length, data: rows };
}

/** Mill users may hand an order to any colleague of the same mill, or to nobody. */
export async function setResponsible(deps: AppDeps, access: OrderAccess, responsibleId: number | null): Promise<void> {
  assertMillSide(access);
  if (responsibleId !== null) {
    const staff = await deps.db.select().from(millMembers).where(and(eq(millMembers.millId, access.project.millId), inArray(millMembers.userId, [responsibleId])));
    if (staff.length === 0) throw AppError.fields({ responsibleId: ['VALIDATION_FAILED'] }, 'Choose a user of this mill');
  }
  await deps.db.update(projects).set({ responsibleId }).where(eq(projects.id, access.project.id));
}
