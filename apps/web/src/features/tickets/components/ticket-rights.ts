import type { Session } from '@casebridge/shared/schemas/auth';

export interface TicketDeskRights {
  isManager: boolean;
  /** `tickets.assign`: without it the customer picker is read-only (spec §2: a sub-dealer's is). */
  assignsCustomers: boolean;
  /** `tickets.setExternal`: the external customer id dialog (spec §2: a dealer without a parent, and the manager). */
  setsExternalId: boolean;
}

/** What the signed-in user may do at the desk: the actions the server lists in the session (its rule book decides them). */
export function ticketDeskRights(session: Session | null): TicketDeskRights {
  const may = (action: string) => session?.actions.includes(action) ?? false;
  return {
    isManager: session?.user.role.type === 'manager',
    assignsCustomers: may('tickets.assign'),
    setsExternalId: may('tickets.setExternal'),
  };
}

/** Where a ticket's licence content opens (spec §2 `/dealer/license/info?licenseKey={ticketId}`; the manager's own area). */
export function licenceInfoHref(key: string, isManager: boolean): string {
  return `/${isManager ? 'manager' : 'dealer'}/license/info?licenseKey=${encodeURIComponent(key)}`;
}
