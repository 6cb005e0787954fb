/** The dealer's pages, one lazy chunk (router.tsx). */
export { DealerAuditPage } from '../../features/audit/pages/audit-page.tsx';
export { DealerFrame } from '../../features/dealers/pages/dealer-frame.tsx';
export { DealerHomePage } from '../../features/dealers/pages/dealer-home-page.tsx';
export { DealerManagementPage } from '../../features/dealers/pages/dealer-management-page.tsx';
export { CustomersPage } from '../../features/dealers/pages/customers-page.tsx';
export { DealerUsersPage } from '../../features/dealers/pages/dealer-users-page.tsx';
export { DealerSettingsPage } from '../own-settings-pages.tsx';
// The desk with the customers feature's form in its picker (composed in the app layer).
export { TicketsDeskPage as TicketsPage } from '../tickets-desk-page.tsx';
export { DealerLicenceInfoPage } from '../../features/licence-info/pages/licence-info-page.tsx';
export { DealerConfigPage, DealerConfigViewPage } from '../../features/dealer-config/pages/dealer-config-routes.tsx';
