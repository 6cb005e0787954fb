import { createElement } from 'react';
import { ManagerConfigurationTestPage } from '../../features/dealer-config/pages/manager-config-test-page.tsx';
import { DealerSelect } from '../../features/dealers/components/dealer-pickers.tsx';

/** The manager's pages, one lazy chunk (router.tsx). */
export { ManagerAuditPage } from '../../features/audit/pages/audit-page.tsx';
export { ManagerPage } from '../../features/manager/pages/manager-page.tsx';
export { PoliciesPage } from '../../features/policies/pages/policies-page.tsx';
export { DesktopAppSettingsPage } from '../../features/desktop-app/pages/desktop-app-settings-page.tsx';
export { UsagePage } from '../../features/usage/pages/usage-page.tsx';
export { DealerManagementPage } from '../../features/dealers/pages/dealer-management-page.tsx';
export { CustomersPage } from '../../features/dealers/pages/customers-page.tsx';
export { CustomerImportPage } from '../../features/customer-import/pages/customer-import-page.tsx';
export { TicketImportPage } from '../../features/ticket-import/pages/ticket-import-page.tsx';
export { DealerUsersPage } from '../../features/dealers/pages/dealer-users-page.tsx';
export { ManagerPlansPage } from '../../features/contract/pages/manager-plans-page.tsx';
export { MillsViewPage } from '../../features/analytics/pages/mills-view-page.tsx';
export { MillOrdersPage } from '../../features/analytics/pages/mill-orders-page.tsx';
export { UsersViewPage } from '../../features/analytics/pages/users-view-page.tsx';
export { ActivityPage } from '../../features/analytics/pages/activity-page.tsx';
export { ManagerSettingsPage } from '../own-settings-pages.tsx';
// The desk with the customers feature's form in its picker (composed in the app layer).
export { TicketsDeskPage as TicketsPage } from '../tickets-desk-page.tsx';
export { ManagerLicenceInfoPage } from '../../features/licence-info/pages/licence-info-page.tsx';

/**
 * The configuration test of any dealer, with the dealers feature's select to choose the dealer:
 * composed here because features never import each other.
 */
export function ManagerConfigTestPage() {
  return createElement(ManagerConfigurationTestPage, { dealerSelect: DealerSelect });
}
