import type { MillSummary, Session } from '@casebridge/shared/schemas/auth';
import type { RoleType } from '@casebridge/shared/constants/roles';
import type { Client } from '@casebridge/shared/schemas/clients';
import type { Dealer, DealerUser } from '@casebridge/shared/schemas/dealers';
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

/** A dealer's or customer's address with every field empty. */
export const emptyAddress = {
  address1: '',
  address2: '',
  address3: '',
  zipCode: '',
  city: '',
  district: '',
  state: '',
  country: '',
  phone: '',
  email: '',
  webUrl: '',
};

/** A complete dealer as the dealers contract answers it: root dealer ROOT-A, no user, no configuration. */
export function dealerFixture(overrides: Partial<Dealer> = {}, permissions: Partial<Dealer['configuration']['permissions']> = {}): Dealer {
  return {
    id: 5,
    dealerId: 'ROOT-A',
    name: 'Root A',
    parentDealerId: null,
    parentDealerName: null,
    email: 'root-a@example.com',
    userId: null,
    logo: null,
    isRoot: true,
    dealerContact: { ...emptyAddress },
    supportContact: { phone: '', email: '', webUrl: '', permissions: { showInfoToOutOfMaintenanceUsers: false } },
    salesContact: { phone: '', email: '', webUrl: '' },
    configuration: {
      configurationType: 'None',
      fixedConfigJson: null,
      fixedConfigFile: null,
      dynamicConfigUrlPath: null,
      componentBaseURL: null,
      permissions: { subDealerAllowed: true, ownConfigurationsAllowed: true, strictModeConfiguration: true, ...permissions },
    },
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A dealer user as the dealer users contract answers it: Linus of dealer 5, confirmed and not blocked. */
export function dealerUserFixture(overrides: Partial<DealerUser> = {}): DealerUser {
  return {
    id: 4,
    firstName: 'Linus',
    lastName: 'Dealer',
    email: 'linus@example.com',
    role: 'dealer',
    dealerId: 5,
    dealerName: 'Dealer 5',
    blocked: false,
    confirmed: true,
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
