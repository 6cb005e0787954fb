import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Message } from '@casebridge/shared/schemas/orders';
import type { Db } from '../../db/client.ts';
import { companies } from '../../db/schema/companies.ts';
import { millMembers } from '../../db/schema/mills.ts';
import { messages, projects } from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';
import { fileUrl } from '../session/session.service.ts';

const columns = {
  id: messages.id,
  projectId: messages.projectId,
  componentId: messages.componentId,
  message: messages.message,
  createdAt: messages.createdAt,
  authorId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  avatarPath: users.avatarPath,
  role: users.roleType,
  companyName: companies.name,
  millRole: millMembers.millRole,
};

type Row = { id: number; projectId: number; componentId: number | null; message: string; createdAt: Date; authorId: number | null; firstName: string | null; lastName: string | null; avatarPath: string | null; role: Message['author']['role']; companyName: string | null; millRole: 'admin' | 'user' | null };

export function toMessageDto(row: Row, read: boolean): Message {
  return {
    id: row.id,
    projectId: row.projectId,
    componentId: row.componentId,
    message: row.message,
    created_at: row.createdAt.toISOString(),
    read,
    author: {
      id: row.authorId,
      firstName: row.firstName ?? '',
      lastName: row.lastName ?? '',
      avatar: fileUrl(row.avatarPath),
      role: row.role,
      millRole: row.millRole,
    },
    companyName: row.companyName ?? '',
  };
}

export function readFlag(viewerId: number) {
  return sql<boolean>`(${messages.authorId} = ${viewerId} or exists (select 1 from message_reads mr where mr.message_id = ${messages.id} and mr.user_id = ${viewerId}))`;
}

export function messageQuery(db: Db, viewerId: number) {
  return db
    .select({ ...columns, read: readFlag(viewerId) })
    .from(messages)
    .innerJoin(projects, eq(projects.id, messages.projectId))
    .leftJoin(users, eq(users.id, messages.authorId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(millMembers, and(eq(millMembers.userId, users.id), eq(millMembers.millId, projects.millId)));
}

/** A component's conversation (or the order's own, with componentId null), oldest first. */
export async function messagesOf(db: Db, viewerId: number, projectId: number, componentId: number | null): Promise<Message[]> {
  const rows = await messageQuery(db, viewerId)
    .where(and(eq(messages.projectId, projectId), componentId === null ? isNull(messages.componentId) : eq(messages.componentId, componentId)))
    .orderBy(asc(messages.createdAt), asc(messages.id));
  return rows.map((row) => toMessageDto(row as Row, row.read));
}

export type { Row as MessageRow };
