/** Role types decide which workspace a user gets; mill roles refine the mill workspace. */
export const ROLE_TYPES = ['mill', 'lab', 'manager', 'dealer'] as const;
export type RoleType = (typeof ROLE_TYPES)[number];

export const MILL_ROLES = ['admin', 'user'] as const;
export type MillRole = (typeof MILL_ROLES)[number];

export const DEALER_ROLES = ['dealer', 'manager'] as const;
export type DealerRole = (typeof DEALER_ROLES)[number];
