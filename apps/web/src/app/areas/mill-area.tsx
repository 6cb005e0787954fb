import { ClientDetailsPage, type ClientPanels } from '../../features/clients/pages/client-details-page.tsx';
import { ClientMessages } from '../../features/messages/pages/messages-page.tsx';
import { ClientOrders } from '../../features/orders/components/client-orders.tsx';

/** The mill's pages, one lazy chunk (router.tsx); what the lab's pages share lands in a common chunk. */
export { MillAuditPage } from '../../features/audit/pages/audit-page.tsx';
export { MillAccountPage } from '../../features/account/pages/mill-account-page.tsx';
export { ClientsPage } from '../../features/clients/pages/clients-page.tsx';
export { MessagesPage } from '../../features/messages/pages/messages-page.tsx';
export { ContractPage as MillContractPage } from '../../features/contract/pages/contract-page.tsx';
export { MillWelcomePage } from '../../features/mill/pages/mill-welcome-page.tsx';
export { ComponentPage } from '../../features/orders/pages/component-page.tsx';
export { MillOrdersPage } from '../../features/orders/pages/mill-orders-page.tsx';
export { MillSettingsPage } from '../mill-settings-page.tsx';
export { SupportPage as MillSupportPage } from '../../features/support/pages/support-page.tsx';

/** The client detail page shows that client's orders and messages, from their own features. */
const clientPanels: ClientPanels = {
  orders: (mill, labId) => <ClientOrders millId={mill.id} labId={labId} />,
  messages: (mill, labId) => <ClientMessages mill={mill} labId={labId} />,
};

export function MillClientDetailsPage() {
  return <ClientDetailsPage panels={clientPanels} />;
}
