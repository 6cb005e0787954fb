import { ROLES, type Role, type ScopeKind } from '../src/access/rule-book.ts';

/**
 * Which roles hold any tenancy of a scope kind at all, as access.ts resolves them: the others get
 * 404 even for "their" record. The rule-book tests expect their answers from this and PERMISSIONS.
 */
export const TENANCY: Record<ScopeKind, readonly Role[]> = {
  account: ROLES,
  platform: ROLES,
  company: ROLES,
  ownCompany: ROLES,
  mill: ['millAdmin', 'millUser', 'lab', 'manager'],
  order: ['millAdmin', 'millUser', 'lab', 'manager'],
  dealer: ['manager', 'dealer', 'dealerManager'],
};
