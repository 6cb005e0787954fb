import type { MillSummary, Session } from '@casebridge/shared/schemas/auth';
import type { RoleType } from '@casebridge/shared/constants/roles';
import type { Client } from '@casebridge/shared/schemas/clients';
import type { Order } from '@casebridge/shared/schemas/orders';

/** Some of the actions the server lists per mill (its rule book: by the role there; a lab as a client). */
const MILL_ACTIONS = {
  admin: ['mill.read', 'mill.update', 'clients.manage', 'millUsers.manage', 'subscription.manage', 'order.process'],
  user: ['mill.read', 'clients.manage', 'order.process'],
  client: ['mill.read', 'orders.create', 'order.edit'],
};

export function millFixture(overrides: Partial<MillSummary> = {}): MillSummary {
  const millRole = overrides.millRole === undefined ? 'admin' : overrides.millRole;
  return {
    id: 7,
    company: { id: 70, name: 'Alpine Milling', logo: null },
    millRole,
    actions: MILL_ACTIONS[millRole ?? 'client'],
    isActive: true,
    needPoliciesApproval: false,
    landingPageInfoIsUpdated: true,
    blocked: false,
    blockedBy: null,
    blockReason: null,
    blockedMillClientMessage: null,
    ...overrides,
  };
}

/** Some of the actions the server lists for the manager (its rule book: every dealer action). */
export const MANAGER_DEALER_ACTIONS = [
  'dealer.create',
  'dealers.createRoot',
  'dealer.configure',
  'customers.create',
  'customers.update',
  'customers.move',
  'tickets.assign',
  'tickets.setExternal',
];

export function sessionFixture(
  type: RoleType,
  overrides: { user?: Partial<Session['user']>; mills?: MillSummary[]; ordersCount?: number; actions?: string[] } = {},
): Session {
  return {
    user: {
      id: 1,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      language: 'en',
      avatar: null,
      blocked: false,
      confirmed: true,
      role: { type, name: type },
      company: { id: 10, name: 'Ada Lab', logo: null },
      companyInfoIsUpdated: true,
      userSettings: {
        language: 'en',
        pageSize: 10,
        notificationOnNewMessageReceived: true,
        sendEmailOnNewMessageReceived: false,
        notificationOnNewProjectIsCreated: true,
        sendEmailOnNewProjectIsCreated: false,
        notificationOnOrderProcessStart: false,
        notificationOnOrderProcessCompleted: false,
        projectDownloadFolderStructure: 'flat',
        reportDateFormat: 'de',
        ticketExpiryReminder: true,
        ticketExpiryReminderDays: 10,
        ticketExpiryReminderFrequency: 'weekly',
      },
      ...overrides.user,
    },
    mills: overrides.mills ?? (type === 'mill' || type === 'lab' ? [millFixture(type === 'lab' ? { millRole: null } : {})] : []),
    ordersCount: overrides.ordersCount ?? 0,
    dealer: null,
    actions: overrides.actions ?? (type === 'manager' ? MANAGER_DEALER_ACTIONS : []),
  };
}

/** A mill's client as the clients contract answers it: Demo Lab's Lena, confirmed and active. */
export function clientFixture(overrides: Partial<Client> = {}): Client {
  return {
    id: 21,
    labId: 5,
    firstName: 'Lena',
    lastName: 'Lab',
    email: 'lena@lab.test',
    company: { id: 50, name: 'Demo Lab' },
    contactPerson: '',
    confirmed: true,
    status: 'active',
    blockedByMill: false,
    blockedBySystem: false,
    createdAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** An order in either side's list: Demo Lab's "Bridge 14-16" with one open component, at the mill Alpine Milling (7). */
export function orderFixture(overrides: Partial<Order> = {}): Order {
  return {
    id: 40,
    name: 'Bridge 14-16',
    created_at: '2025-03-01T09:05:00.000Z',
    isDeleted: false,
    millId: 7,
    labId: 5,
    client: { id: 5, name: 'Demo Lab' },
    author: { companyName: 'Demo Lab', logo: null },
    responsible: null,
    messages: 0,
    newMessages: 0,
    components: [{ id: 400, name: 'Bridge', displayName: 'Bridge', status: 'Open', documentsCount: 2, downloadsCount: 0 }],
    ...overrides,
  };
}
