import type { MillRole } from '@casebridge/shared/constants/roles';
import type { Db } from '../../db/client.ts';
import { activeMemberNames, findMember, memberUserIds, membershipsOf } from './mill-users.repository.ts';

/**
 * The mill-users module's read-only queries for the modules above it (ADR 0016): they take a database
 * handle and check no caller, so they write nothing (architecture.test.ts checks it).
 */

/** The mills a person works for, with their role in each (the session's mill selector). */
export async function millMembershipsOf(db: Db, userId: number): Promise<{ millId: number; millRole: MillRole }[]> {
  return membershipsOf(db, userId);
}

/** Notifications: the ids of the mill's staff, the candidates for its order and message notifications. */
export async function staffUserIdsOf(db: Db, millId: number): Promise<number[]> {
  return memberUserIds(db, millId);
}

/** The staff an order can be handed to: not blocked, by last and first name. */
export async function staffNames(db: Db, millId: number): Promise<{ id: number; firstName: string; lastName: string }[]> {
  return activeMemberNames(db, millId);
}

export async function isStaffOf(db: Db, millId: number, userId: number): Promise<boolean> {
  return (await findMember(db, millId, userId)) !== null;
}
