import type { Session } from '@casebridge/shared/schemas/auth';

export interface TicketDeskRights {
  isManager: boolean;
  /**
   * Spec manager-dealer §2, §6: only the root dealer (and the manager) assigns customers; a
   * sub-dealer's customer picker is read-only. The server refuses it too (SUB_DEALER_READ_ONLY).
   */
  assignsCustomers: boolean;
  /** Spec §2, §6: the external customer id dialog exists only for a dealer without a parent, and the manager. */
  setsExternalId: boolean;
}

/** What the signed-in user may do at the desk, read from the session's dealer (its parent) alone. */
export function ticketDeskRights(session: Session | null): TicketDeskRights {
  const isManager = session?.user.role.type === 'manager';
  const isRootDealer = session?.user.role.type === 'dealer' && session.dealer !== null && session.dealer.parentId === null;
  return { isManager, assignsCustomers: isManager || isRootDealer, setsExternalId: isManager || isRootDealer };
}

/** Where a ticket's licence content opens (spec §2 `/dealer/license/info?licenseKey={ticketId}`; the manager's own area). */
export function licenceInfoHref(key: string, isManager: boolean): string {
  return `/${isManager ? 'manager' : 'dealer'}/license/info?licenseKey=${encodeURIComponent(key)}`;
}
