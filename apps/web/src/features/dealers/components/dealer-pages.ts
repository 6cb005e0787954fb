import type { DealerRole } from '@casebridge/shared/constants/roles';

export interface DealerPageLink {
  to: string;
  labelKey: string;
}

/**
 * The dealer area's pages (spec §2), for its home. The configuration test only for a dealer that
 * may use its own configurations; users only for dealer managers.
 */
export function dealerPages(dealerRole: DealerRole | null, ownConfigurations = false): DealerPageLink[] {
  const pages: DealerPageLink[] = [
    { to: '/dealer/home', labelKey: 'dealers.nav.home' },
    { to: '/dealer/information', labelKey: 'dealers.nav.information' },
    { to: '/dealer/tickets', labelKey: 'ticketDesk.nav' },
    ...(ownConfigurations ? [{ to: '/dealer/config/result', labelKey: 'dealerConfig.nav' }] : []),
    { to: '/customer/information', labelKey: 'dealers.nav.customers' },
    { to: '/dealer/license/info', labelKey: 'licenceInfo.nav' },
  ];
  if (dealerRole === 'manager') pages.push({ to: '/dealer/users', labelKey: 'dealers.nav.users' });
  pages.push({ to: '/dealer/settings', labelKey: 'dealers.nav.settings' });
  return pages;
}
