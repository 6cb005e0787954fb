import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DraftOrder } from '@casebridge/shared/schemas/orders';
import type { AppDeps } from '../../deps.ts';
import { componentFiles, components, projects } from '../../db/schema/orders.ts';
import type { UserRow } from '../../lib/current-user.ts';
import { labAsClient } from './order-access.ts';
import { fileDto } from './orders.service.ts';

type ProjectRow = typeof projects.$inferSelect;

/**
 * The orders a lab user started with a mill and has not submitted, newest first, with their
 * components and the documents that arrived: the web app offers to continue one after a reload
 * (ADR 0003). Only the user's own drafts: nobody else may continue their tus uploads, and a
 * colleague's draft may be being sent right now. Anyone who is no client of the mill gets 404.
 */
export async function labDrafts(deps: AppDeps, user: UserRow, millId: number, limit: number): Promise<{ count: number; data: DraftOrder[] }> {
  const { lab } = await labAsClient(deps.db, user, millId);
  const own = and(
    eq(projects.millId, millId),
    eq(projects.labId, lab.id),
    eq(projects.authorId, user.id),
    isNull(projects.submittedAt),
    eq(projects.isDeleted, false),
  );
  const [total] = await deps.db.select({ value: count() }).from(projects).where(own);
  const drafts = await deps.db.select().from(projects).where(own).orderBy(desc(projects.createdAt), desc(projects.id)).limit(limit);
  return { count: total?.value ?? 0, data: await withComponents(deps, drafts) };
}

async function withComponents(deps: AppDeps, drafts: ProjectRow[]): Promise<DraftOrder[]> {
  if (drafts.length === 0) return [];
  const parts = await deps.db
    .select({ id: components.id, name: components.name, projectId: components.projectId })
    .from(components)
    .where(inArray(components.projectId, drafts.map((draft) => draft.id)))
    .orderBy(asc(components.id));
  const documents = parts.length === 0 ? [] : await deps.db
    .select()
    .from(componentFiles)
    .where(and(inArray(componentFiles.componentId, parts.map((part) => part.id)), eq(componentFiles.kind, 'document')))
    .orderBy(asc(componentFiles.id));
  return drafts.map((draft) => ({
    id: draft.id,
    name: draft.name,
    created_at: draft.createdAt.toISOString(),
    components: parts
      .filter((part) => part.projectId === draft.id)
      .map((part) => ({ id: part.id, name: part.name, documents: documents.filter((file) => file.componentId === part.id).map(fileDto) })),
  }));
}
