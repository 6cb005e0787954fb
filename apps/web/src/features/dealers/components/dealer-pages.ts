import type { DealerRole } from '@casebridge/shared/constants/roles';

export interface DealerPageLink {
  to: string;
  labelKey: string;
}

/**
 * The dealer area's pages (spec §2), for its home. The configuration test and licence content are
 * left out until those pages exist; users only for dealer managers.
 */
export function dealerPages(dealerRole: DealerRole | null): DealerPageLink[] {
  const pages: DealerPageLink[] = [
    { to: '/dealer/home', labelKey: 'dealers.nav.home' },
    { to: '/dealer/information', labelKey: 'dealers.nav.information' },
    { to: '/dealer/tickets', labelKey: 'ticketDesk.nav' },
    { to: '/customer/information', labelKey: 'dealers.nav.customers' },
  ];
  if (dealerRole === 'manager') pages.push({ to: '/dealer/users', labelKey: 'dealers.nav.users' });
  pages.push({ to: '/dealer/settings', labelKey: 'dealers.nav.settings' });
  return pages;
}
