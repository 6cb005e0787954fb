/** The lab's pages, one lazy chunk (router.tsx); what the mill's pages share lands in a common chunk. */
export { LabAuditPage } from '../../features/audit/pages/audit-page.tsx';
export { LabAccountPage } from '../../features/account/pages/lab-account-page.tsx';
export { LabWelcomePage } from '../../features/lab/pages/lab-pages.tsx';
export { MessagesPage } from '../../features/messages/pages/messages-page.tsx';
export { ComponentPage } from '../../features/orders/pages/component-page.tsx';
export { LabOrdersPage } from '../../features/orders/pages/lab-orders-page.tsx';
export { NewOrderPage } from '../../features/orders/pages/new-order-page.tsx';
export { SupportPage as LabSupportPage } from '../../features/support/pages/support-page.tsx';
