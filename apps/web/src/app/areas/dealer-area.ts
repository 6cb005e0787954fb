/** The dealer's pages, one lazy chunk (router.tsx). */
export { DealerFrame } from '../../features/dealers/pages/dealer-frame.tsx';
export { DealerHomePage } from '../../features/dealers/pages/dealer-home-page.tsx';
export { DealerManagementPage } from '../../features/dealers/pages/dealer-management-page.tsx';
export { CustomersPage } from '../../features/dealers/pages/customers-page.tsx';
export { DealerUsersPage } from '../../features/dealers/pages/dealer-users-page.tsx';
export { DealerSettingsPage } from '../../features/dealers/pages/dealer-settings-page.tsx';
export { TicketsPage } from '../../features/tickets/pages/tickets-page.tsx';
