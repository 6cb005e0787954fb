export interface DealerPageLink {
  to: string;
  labelKey: string;
}

/**
 * The dealer area's pages (spec §2), for its home, as the session's actions say: the configuration
 * test where the dealer may use its own configurations (`dealerConfig.edit`: the rule book decides
 * it with the root's permission too), users for those who may list them (dealer managers).
 */
export function dealerPages(actions: readonly string[]): DealerPageLink[] {
  const pages: DealerPageLink[] = [
    { to: '/dealer/home', labelKey: 'dealers.nav.home' },
    { to: '/dealer/information', labelKey: 'dealers.nav.information' },
    { to: '/dealer/tickets', labelKey: 'ticketDesk.nav' },
    ...(actions.includes('dealerConfig.edit') ? [{ to: '/dealer/config/result', labelKey: 'dealerConfig.nav' }] : []),
    { to: '/customer/information', labelKey: 'dealers.nav.customers' },
    { to: '/dealer/license/info', labelKey: 'licenceInfo.nav' },
  ];
  if (actions.includes('dealerUsers.list')) pages.push({ to: '/dealer/users', labelKey: 'dealers.nav.users' });
  pages.push({ to: '/dealer/settings', labelKey: 'dealers.nav.settings' });
  return pages;
}
