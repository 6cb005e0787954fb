import type { ErrorCode } from '@casebridge/shared/errors';

/**
 * The access rule book: who may do what, in one typed table. Every service method asks
 * `authorize` (access.ts) first; the permission matrix in docs/ and the role × endpoint tests are
 * generated from these same tables, so the rules cannot drift from what is documented or tested.
 *
 * A caller's role is decided per tenant: the same person can be admin of one mill and user of
 * another. Roles:
 * - millAdmin, millUser: staff of the mill the request is about;
 * - lab: a user of the lab (for a mill: a lab that is its confirmed client);
 * - manager: the operator's staff, over the whole platform;
 * - dealer, dealerManager: users of a dealer (dealer role `dealer` or `manager`), over that
 *   dealer's subtree of sub-dealers.
 */
export const ROLES = ['millAdmin', 'millUser', 'lab', 'manager', 'dealer', 'dealerManager'] as const;
export type Role = (typeof ROLES)[number];

/**
 * What an action is about decides whose tenant is checked (access.ts): a mill, one order, a company
 * record (any the caller may see, or only the caller's own), the caller's own account, a dealer
 * and its subtree, or the platform as a whole.
 */
export type ScopeKind = 'mill' | 'order' | 'company' | 'ownCompany' | 'account' | 'platform' | 'dealer';

/**
 * Blocks that stop an action (403): `millBlocked` while the operator blocks the mill (it may
 * still read and fix its company details, but not grow); `clientBlocked` while the mill blocks
 * its lab client, or the lab is no client any more (the lab may read but not write to it).
 */
export type Block = 'millBlocked' | 'clientBlocked';

/**
 * What decides a dealer user's action beyond its role (spec manager-dealer §5, §6): the kind of its
 * own dealer (root or sub-dealer), that dealer's permissions, and the target dealer. The manager
 * is never held by them. `access.ts` resolves the facts once per request (`DealerFacts`).
 * - rootDealer: the caller's dealer has no parent;
 * - subDealerAllowed: the caller's dealer may have sub-dealers;
 * - ownDealer: the target is the caller's own dealer (not a sub-dealer of it);
 * - ownDealerOrSubDealerAllowed: the target is the caller's own dealer, or the caller's dealer has subDealerAllowed;
 * - ownConfigurations: the target dealer may use own configurations (its own permission and, for a
 *   sub-dealer, its root's too);
 * - configurationSection: the caller's dealer sees the dealer form's configuration section (spec §5):
 *   it may use own configurations (its root allowing them), or it is a root with subDealerAllowed.
 */
export const DEALER_CONDITIONS = [
  'rootDealer',
  'subDealerAllowed',
  'ownDealer',
  'ownDealerOrSubDealerAllowed',
  'ownConfigurations',
  'configurationSection',
] as const;
export type DealerCondition = (typeof DEALER_CONDITIONS)[number];

/** A condition and the answer when it does not hold: the words and code the dealer screens show. */
export interface DealerRule {
  holds: DealerCondition;
  status: 403 | 409;
  code: ErrorCode;
  message: string;
}

/** The facts a dealer condition is decided on: the caller's dealer, and the target dealer when the action names one. */
export interface DealerFacts {
  isRoot: boolean;
  subDealerAllowed: boolean;
  /** The caller's dealer may use own configurations (its own permission and, for a sub-dealer, its root's). */
  ownConfigurations: boolean;
  target?: { isOwn: boolean; ownConfigurationsAllowed: boolean };
}

export interface ActionRule {
  scope: ScopeKind;
  description: string;
  refusedWhen?: readonly Block[];
  /** Dealer users only, checked in this order; the first that does not hold answers. */
  dealerRules?: readonly DealerRule[];
  /** The 403 a role without the action gets, where the screens name the reason. */
  forbidden?: { code: ErrorCode; message: string };
}

const SUB_DEALER_READ_ONLY = { holds: 'rootDealer', status: 403, code: 'SUB_DEALER_READ_ONLY' } as const;
const OWN_CONFIGURATIONS = {
  holds: 'ownConfigurations',
  status: 409,
  code: 'OWN_CONFIGURATIONS_NOT_ALLOWED',
  message: 'This dealer may not use own configurations',
} as const;

export const ACTIONS = {
  // Account: everyone signed in, about themselves.
  'account.read': { scope: 'account', description: 'Read one’s own profile, settings, session and notifications' },
  'account.update': { scope: 'account', description: 'Change one’s own profile, password, settings, language and notifications' },
  // Only a lab account can become a mill's client; other accounts are refused (403), not hidden.
  // ADR 0021: one's own sessions only; another user's session id is not found.
  'sessions.list': { scope: 'account', description: 'List the places one is signed in (one’s own sessions)' },
  'sessions.end': { scope: 'account', description: 'End one of one’s own sessions, or all but the current one' },
  // Issue 28 part 4: one's own personal data. The export's link is bound to its user (another user: 404);
  // a mill's last administrator and the platform's last manager cannot delete the account (409, the personal-data service decides it).
  'personalData.export': { scope: 'account', description: 'Ask for, and download once, a ZIP of one’s own personal data' },
  'account.delete': {
    scope: 'account',
    description: 'Delete one’s own account with the password and second factor (not a mill’s last administrator, nor the last manager)',
  },
  'invitation.accept': { scope: 'account', description: 'Accept a mill’s invitation with one’s own lab account, becoming its client' },

  // A mill, as its staff and clients see it.
  'mill.read': { scope: 'mill', description: 'Read the mill’s profile and landing page' },
  'mill.onboarding': { scope: 'mill', description: 'Read the mill’s onboarding checklist' },
  'mill.approvePolicies': { scope: 'mill', description: 'Record that one accepts the current policies for this mill' },
  'mill.update': { scope: 'mill', refusedWhen: ['millBlocked'], description: 'Change the mill’s landing page and logo' },
  'mill.support': { scope: 'mill', description: 'Write to the operator’s support about this mill' },
  'clients.read': { scope: 'mill', description: 'List the mill’s clients and read one, with its activation instructions' },
  'clients.manage': { scope: 'mill', refusedWhen: ['millBlocked'], description: 'Invite, re-invite, block, unblock and remove clients' },
  'millUsers.read': { scope: 'mill', description: 'List the mill’s staff' },
  'millUsers.manage': { scope: 'mill', refusedWhen: ['millBlocked'], description: 'Add, change and remove the mill’s staff' },
  // Not refused while blocked: securing the staff's sign-in does not grow the account (ADR 0020).
  'mill.requireTwoFactor': { scope: 'mill', description: 'Read and set whether the mill’s staff must sign in with a second factor' },
  'millUsers.resetSecondFactor': {
    scope: 'mill',
    description: 'Reset the second factor of a staff member who lost it (they enrol again; their sessions end)',
  },
  'licenceKeys.read': { scope: 'mill', description: 'List the mill’s licence keys' },
  'licenceKeys.manage': { scope: 'mill', refusedWhen: ['millBlocked'], description: 'Register, change and remove licence keys' },
  'orders.list': { scope: 'mill', description: 'List the orders and messages exchanged with this mill (a lab: its own)' },
  'orders.create': { scope: 'mill', refusedWhen: ['clientBlocked'], description: 'Start an order for this mill, and continue own drafts' },
  // The mill's staff names are not the labs' business: a lab sees only who handles its own orders.
  'orders.assign': { scope: 'mill', description: 'List the mill’s staff an order can be handed to' },

  // The paid contract: staff see the plan and its usage; only administrators change or pay.
  'subscription.read': { scope: 'mill', description: 'See the mill’s plan, its add-on and its usage against the plan’s limits' },
  // Not refused while blocked: a mill blocked for an unpaid bill must be able to pay.
  'subscription.manage': {
    scope: 'mill',
    description: 'Subscribe, change or cancel the plan, buy add-ons, manage the card, read invoices',
  },
  'subscription.setCustom': { scope: 'mill', description: 'Offer the mill a custom plan (price, orders, clients)' },

  // One order, as its mill's staff and its lab see it.
  'order.read': { scope: 'order', description: 'Read an order, its components, files, messages, ZIPs and report' },
  'order.edit': { scope: 'order', refusedWhen: ['clientBlocked'], description: 'Add components and documents to an own order, submit it' },
  // Not refused while blocked: withdrawing one's own data does not grow the account.
  'order.delete': { scope: 'order', description: 'Withdraw an own order (its files go; the mill keeps a deleted entry)' },
  'order.process': { scope: 'order', description: 'Set status, responsible person and component details; give files back' },
  'order.message': { scope: 'order', refusedWhen: ['clientBlocked'], description: 'Write a message on an order' },

  // A company's record (mills and labs each have one).
  'company.read': { scope: 'company', description: 'Read a company record and a lab’s shipping address' },
  // Not refused while blocked: a blocked mill must be able to correct its company details.
  'company.update': { scope: 'ownCompany', description: 'Change one’s own company record and shipping address' },

  // The platform, as the operator runs it.
  'policies.manage': { scope: 'platform', description: 'Publish policy documents and ask every mill to approve them again' },
  'policies.read': { scope: 'platform', description: 'List all policy documents' },
  // Issue 24 item 9: downloading it is public, like the spec's /desktop-app page.
  'desktopApp.manage': {
    scope: 'platform',
    description: 'Set the desktop app the portal offers: an external link or an uploaded installer, its version and release notes',
  },
  'platform.requireTwoFactor': {
    scope: 'platform',
    description: 'Read and set whether managers and dealer users must sign in with a second factor',
  },
  'plans.manage': { scope: 'platform', description: 'Change the plans’ prices and limits (they apply at once to every mill on the plan)' },
  // Concurrent use of the desktop software (issue 12); the pings themselves are public (the key is the credential).
  'usage.read': {
    scope: 'platform',
    description: 'Read the concurrent use of the desktop software per licence key, its machines and history',
  },
  'usage.manage': { scope: 'platform', description: 'Set how many machines may use a licence key at once' },
  'analytics.read': {
    scope: 'platform',
    description: 'Read the analytics of every mill: overview, orders with their sizes, users, activity, charts',
  },

  // The reseller tree: a dealer's users see their dealer and its sub-dealers, the manager all.
  'dealer.read': { scope: 'dealer', description: 'Read a dealer of one’s own subtree' },
  // Lists name no dealer: the manager's list is the whole network, a dealer user's its own subtree.
  'dealers.list': { scope: 'account', description: 'List the dealers one sees: the manager all, a dealer user its dealer and sub-dealers' },
  // About the parent; spec §6: a dealer creates sub-dealers only while its own dealer has subDealerAllowed.
  'dealer.create': {
    scope: 'dealer',
    description: 'Create a sub-dealer below a dealer of one’s own subtree',
    dealerRules: [
      {
        holds: 'subDealerAllowed',
        status: 403,
        code: 'SUB_DEALERS_NOT_ALLOWED',
        message: 'Your dealer is not allowed to create sub-dealers',
      },
    ],
  },
  'dealers.createRoot': { scope: 'platform', description: 'Create a root dealer' },
  // Locks of spec §5 (dealer id, email, parent, own permissions) are the service's, on the record's data.
  // A save that changes the configuration section needs `dealer.configure` too.
  'dealer.update': { scope: 'dealer', description: 'Change a dealer of one’s own subtree' },
  // Spec §5: the form's configuration section is shown (and saved) only where the caller's dealer may
  // use own configurations, or it is a root that may have sub-dealers. Creating a dealer with a
  // configuration asks it about the parent.
  'dealer.configure': {
    scope: 'dealer',
    description: 'Change the configuration section of a dealer of one’s own subtree: its type, JSON, file, URLs and permissions',
    dealerRules: [
      {
        holds: 'configurationSection',
        status: 403,
        code: 'DEALER_CONFIGURATION_NOT_ALLOWED',
        message: 'Your dealer may not change the configuration of dealers',
      },
    ],
  },
  'dealer.invite': { scope: 'dealer', description: 'Invite (or invite again) the user of a dealer of one’s own subtree' },
  'dealerUsers.list': {
    scope: 'account',
    description: 'List the dealer users one sees: the manager all, a dealer manager those of its subtree',
  },
  'dealerUsers.manage': { scope: 'dealer', description: 'Add, change, block and unblock the users of a dealer of one’s own subtree' },
  // ADR 0020: the operator, not a dealer manager, vouches for who may sign in without their lost factor.
  'dealerUsers.resetSecondFactor': {
    scope: 'dealer',
    description: 'Reset the second factor of a dealer user who lost it (they enrol again; their sessions end)',
  },
  'customers.list': { scope: 'account', description: 'List and search the customers one sees, and check a customer id is unique' },
  'customers.read': { scope: 'dealer', description: 'Read a customer of a dealer of one’s own subtree' },
  // Spec §6: a sub-dealer sees customers read-only; a dealer adds customers for its sub-dealers only with subDealerAllowed.
  'customers.create': {
    scope: 'dealer',
    description: 'Add a customer to a dealer of one’s own subtree',
    dealerRules: [
      { ...SUB_DEALER_READ_ONLY, message: 'A sub-dealer sees customers read-only' },
      {
        holds: 'ownDealerOrSubDealerAllowed',
        status: 403,
        code: 'SUB_DEALER_CUSTOMERS_NOT_ALLOWED',
        message: 'Your dealer is not allowed to add customers for sub-dealers',
      },
    ],
  },
  // Spec §5: a dealer user changes only its own dealer's customers (a sub-dealer's are shown, not edited).
  'customers.update': {
    scope: 'dealer',
    description: 'Change a customer of a dealer of one’s own subtree',
    dealerRules: [
      { ...SUB_DEALER_READ_ONLY, message: 'A sub-dealer sees customers read-only' },
      { holds: 'ownDealer', status: 403, code: 'NOT_OWN_CUSTOMER', message: 'Only the customers of your own dealer can be changed' },
    ],
  },
  // Spec §5: only the manager picks a customer's dealer.
  'customers.move': {
    scope: 'dealer',
    description: 'Give a customer to another dealer',
    forbidden: { code: 'CUSTOMER_MOVE_MANAGER_ONLY', message: 'Only the manager can give a customer to another dealer' },
  },
  // Spec §6: import is the manager's; one file may fill the whole network.
  'customers.import': { scope: 'platform', description: 'Import customers from a CSV file and read the import status and log' },
  // Issue 14: the licence server's export fills the whole network, like the customer import.
  'tickets.import': {
    scope: 'platform',
    description: 'Import tickets from the licence server’s export (CSV or JSON) and read the import status and log',
  },
  // Licence tickets (issue 14): a dealer user works on the tickets of its subtree, the manager on all.
  'tickets.list': { scope: 'account', description: 'List and search the licence tickets one sees, and the dealers that have tickets' },
  'tickets.read': { scope: 'dealer', description: 'Read the licence content of a ticket of a dealer of one’s own subtree' },
  // Personal data of the ticket's customer, apart from the licence content the public lookup also shows.
  'tickets.readRegistration': {
    scope: 'dealer',
    description: 'Read the customer registration record of a ticket of a dealer of one’s own subtree',
  },
  // Spec §2, §6: a sub-dealer's customer picker is read-only ("a non-root dealer sees customers read-only").
  'tickets.assign': {
    scope: 'dealer',
    description: 'Give a ticket of one’s own subtree to a customer of its dealer’s subtree',
    dealerRules: [{ ...SUB_DEALER_READ_ONLY, message: 'Only a top-level dealer can assign customers to tickets' }],
  },
  'tickets.move': { scope: 'dealer', description: 'Move a ticket of one’s own subtree to another dealer of it (its customer is reset)' },
  'tickets.archive': { scope: 'dealer', description: 'Archive and unarchive a ticket of one’s own subtree' },
  // A batch names no dealer: the caller's subtree bounds it in the statement itself.
  'tickets.archiveMany': {
    scope: 'account',
    description: 'Archive and unarchive many tickets of one’s own subtree at once (others are skipped)',
  },
  // Spec §2, §6: the external customer id dialog is for a dealer without a parent.
  'tickets.setExternal': {
    scope: 'dealer',
    description: 'Set the external customer id and description of a ticket of one’s own subtree',
    dealerRules: [
      {
        holds: 'rootDealer',
        status: 403,
        code: 'EXTERNAL_ID_ROOT_ONLY',
        message: 'Only a top-level dealer can set the external customer id and description',
      },
    ],
  },
  // Issue 14 item 4: a dealer user's own reminder settings decide it; the manager gets no reminders.
  'ticketReminders.preview': {
    scope: 'account',
    description: 'Preview one’s own next ticket expiry reminder: its day and the tickets of each stage',
  },
  // The installation configuration test (issue 14 item 3, ADR 0013), about the dealer whose configuration is tested.
  'dealerConfig.test': {
    scope: 'dealer',
    description:
      'Read the configuration of a dealer of one’s own subtree, test what the installer of a ticket of its subtree receives, verify component lists',
  },
  // ADR 0013: a dealer user edits only where the dealer may have own configurations.
  'dealerConfig.edit': {
    scope: 'dealer',
    description:
      'Save the draft configuration of a dealer of one’s own subtree and generate its component metadata from its components base URL',
    dealerRules: [OWN_CONFIGURATIONS],
  },
  // Spec §6 "admin-type": dealer managers and the platform manager, not plain dealer users (ADR 0013).
  'dealerConfig.publish': {
    scope: 'dealer',
    description: 'Make a tested FixedJson configuration the production configuration of a dealer of one’s own subtree',
    dealerRules: [OWN_CONFIGURATIONS],
  },

  // The audit trail (issue 28, ADR 0019): each tenant reads the entries about it, the manager all.
  'audit.readMill': { scope: 'mill', description: 'Read and export the mill’s audit trail: who changed what, when and from where' },
  'audit.readLab': { scope: 'ownCompany', description: 'Read and export the audit trail of one’s own lab' },
  'audit.readDealer': {
    scope: 'dealer',
    description: 'Read and export the audit trail of a dealer of one’s own subtree and its sub-dealers',
  },
  'audit.readAll': { scope: 'platform', description: 'Read and export the whole audit trail' },
} as const satisfies Record<string, ActionRule>;

export type Action = keyof typeof ACTIONS;

const EVERYONE_ON_THEMSELVES = [
  'account.read',
  'account.update',
  'sessions.list',
  'sessions.end',
  'personalData.export',
  'account.delete',
] as const satisfies readonly Action[];

/** The reseller network as every dealer user and the manager work in it (subtree limits: access.ts). */
const DEALER_NETWORK = [
  'dealers.list',
  'dealer.create',
  'dealer.update',
  'dealer.configure',
  'dealer.invite',
  'customers.list',
  'customers.read',
  'customers.create',
  'customers.update',
  'tickets.list',
  'tickets.read',
  'tickets.readRegistration',
  'tickets.assign',
  'tickets.move',
  'tickets.archive',
  'tickets.archiveMany',
  'tickets.setExternal',
] as const satisfies readonly Action[];

/**
 * Role → actions. `satisfies Record<Role, …>` makes a new role a type error until it has a row.
 * A role that lacks an action gets 403; a caller with no role in the tenant gets 404.
 */
export const PERMISSIONS = {
  millAdmin: [
    ...EVERYONE_ON_THEMSELVES,
    'mill.read',
    'mill.onboarding',
    'mill.approvePolicies',
    'mill.update',
    'mill.support',
    'clients.read',
    'clients.manage',
    'millUsers.read',
    'millUsers.manage',
    'mill.requireTwoFactor',
    'millUsers.resetSecondFactor',
    'licenceKeys.read',
    'licenceKeys.manage',
    'audit.readMill',
    'subscription.read',
    'subscription.manage',
    'orders.list',
    'orders.assign',
    'order.read',
    'order.process',
    'order.message',
    'company.read',
    'company.update',
  ],
  millUser: [
    ...EVERYONE_ON_THEMSELVES,
    'mill.read',
    'mill.onboarding',
    'mill.approvePolicies',
    'mill.support',
    'clients.read',
    'clients.manage',
    'subscription.read',
    'orders.list',
    'orders.assign',
    'order.read',
    'order.process',
    'order.message',
    'company.read',
  ],
  lab: [
    ...EVERYONE_ON_THEMSELVES,
    'invitation.accept',
    'mill.read',
    'mill.support',
    'orders.list',
    'orders.create',
    'order.read',
    'order.edit',
    'order.delete',
    'order.message',
    'company.read',
    'company.update',
    'audit.readLab',
  ],
  manager: [
    ...EVERYONE_ON_THEMSELVES,
    'policies.read',
    'policies.manage',
    'desktopApp.manage',
    'platform.requireTwoFactor',
    'plans.manage',
    'subscription.read',
    'subscription.setCustom',
    'usage.read',
    'usage.manage',
    'analytics.read',
    'company.read',
    'company.update',
    'dealer.read',
    ...DEALER_NETWORK,
    'customers.move',
    'customers.import',
    'tickets.import',
    'dealers.createRoot',
    'dealerUsers.list',
    'dealerUsers.manage',
    'dealerUsers.resetSecondFactor',
    'dealerConfig.test',
    'dealerConfig.edit',
    'dealerConfig.publish',
    'audit.readMill',
    'audit.readDealer',
    'audit.readAll',
  ],
  dealer: [
    ...EVERYONE_ON_THEMSELVES,
    'company.read',
    'company.update',
    'dealer.read',
    ...DEALER_NETWORK,
    'ticketReminders.preview',
    'dealerConfig.test',
    'dealerConfig.edit',
    'audit.readDealer',
  ],
  dealerManager: [
    ...EVERYONE_ON_THEMSELVES,
    'company.read',
    'company.update',
    'dealer.read',
    ...DEALER_NETWORK,
    'dealerUsers.list',
    'dealerUsers.manage',
    'ticketReminders.preview',
    'dealerConfig.test',
    'dealerConfig.edit',
    'dealerConfig.publish',
    'audit.readDealer',
  ],
} as const satisfies Record<Role, readonly Action[]>;

export function roleMay(role: Role, action: Action): boolean {
  return (PERMISSIONS[role] as readonly Action[]).includes(action);
}

function conditionHolds(condition: DealerCondition, facts: DealerFacts): boolean {
  switch (condition) {
    case 'rootDealer':
      return facts.isRoot;
    case 'subDealerAllowed':
      return facts.subDealerAllowed;
    case 'ownDealer':
      return facts.target?.isOwn ?? false;
    case 'ownDealerOrSubDealerAllowed':
      return (facts.target?.isOwn ?? false) || facts.subDealerAllowed;
    case 'ownConfigurations':
      return facts.target?.ownConfigurationsAllowed ?? false;
    case 'configurationSection':
      return facts.ownConfigurations || (facts.isRoot && facts.subDealerAllowed);
  }
}

/** The first dealer rule of the action that does not hold for these facts; undefined when all hold (or there are none). */
export function failedDealerRule(action: Action, facts: DealerFacts): DealerRule | undefined {
  const rules: readonly DealerRule[] = (ACTIONS[action] as ActionRule).dealerRules ?? [];
  return rules.find((rule) => !conditionHolds(rule.holds, facts));
}
