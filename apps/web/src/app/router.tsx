import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ErrorPage } from '../components/error-page.tsx';
import { LabAccountPage } from '../features/account/pages/lab-account-page.tsx';
import { MillAccountPage } from '../features/account/pages/mill-account-page.tsx';
import { DealerPage } from '../features/dealer/pages/dealer-page.tsx';
import { LabWelcomePage } from '../features/lab/pages/lab-pages.tsx';
import { ManagerPage } from '../features/manager/pages/manager-page.tsx';
import { ClientDetailsPage, type ClientPanels } from '../features/clients/pages/client-details-page.tsx';
import { ClientOrders } from '../features/orders/components/client-orders.tsx';
import { ClientMessages } from '../features/messages/pages/messages-page.tsx';
import { ClientsPage } from '../features/clients/pages/clients-page.tsx';
import { MillContractPage } from '../features/mill/pages/mill-pages.tsx';
import { MessagesPage } from '../features/messages/pages/messages-page.tsx';
import { ComponentPage } from '../features/orders/pages/component-page.tsx';
import { LabOrdersPage, NEW_ORDER_PATH } from '../features/orders/pages/lab-orders-page.tsx';
import { MillOrdersPage } from '../features/orders/pages/mill-orders-page.tsx';
import { NewOrderPage } from '../features/orders/pages/new-order-page.tsx';
import { PoliciesPage } from '../features/policies/pages/policies-page.tsx';
import { MillWelcomePage } from '../features/mill/pages/mill-welcome-page.tsx';
import { NotificationsPage } from '../features/notifications/pages/notifications-page.tsx';
import { HomePage } from '../features/public/pages/home-page.tsx';
import { MillLandingPage } from '../features/public/pages/mill-landing-page.tsx';
import { PaymentFailurePage, PaymentSuccessPage } from '../features/public/pages/payment-pages.tsx';
import { DataProcessingAgreementPage, TermsOfServicePage } from '../features/public/pages/policy-pages.tsx';
import { AboutUsPage, ContactPage, DesktopAppPage, PrivacyPolicyPage } from '../features/public/pages/static-pages.tsx';
import { LabSupportPage } from '../features/support/pages/lab-support-page.tsx';
import { ANY_ROLE, RequireRole } from './guards/require-role.tsx';
import { PublicLayout } from './public-layout.tsx';
import { RootLayout } from './root-layout.tsx';
import { MessagesRedirect } from './messages-redirect.tsx';
import { SignedInLayout } from './signed-in-layout.tsx';
import { MillSettingsPage } from './mill-settings-page.tsx';

const publicRoutes: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: 'contact', element: <ContactPage /> },
  { path: 'about-us', element: <AboutUsPage /> },
  { path: 'desktop-app', element: <DesktopAppPage /> },
  { path: 'privacy-policy', element: <PrivacyPolicyPage /> },
  { path: 'terms-of-service', element: <TermsOfServicePage /> },
  { path: 'data-processing-agreement', element: <DataProcessingAgreementPage /> },
  { path: 'payments/success', element: <PaymentSuccessPage /> },
  { path: 'payments/failure', element: <PaymentFailurePage /> },
  // Static paths rank above this parameter, so only unknown single segments reach it.
  { path: ':millId', element: <MillLandingPage /> },
];

/** The client detail page shows that client's orders and messages, from their own features. */
const clientPanels: ClientPanels = {
  orders: (mill, labId) => <ClientOrders millId={mill.id} labId={labId} />,
  messages: (mill, labId) => <ClientMessages mill={mill} labId={labId} />,
};

const millRoutes: RouteObject[] = [
  { path: 'mill/welcome', element: <MillWelcomePage /> },
  { path: 'mills/projects', element: <MillOrdersPage /> },
  { path: 'mills/projects/:projectId/components', element: <Navigate to="/mills/projects" replace /> },
  { path: 'mills/projects/:projectId/components/:id', element: <ComponentPage /> },
  { path: 'mills/clients', element: <ClientsPage /> },
  { path: 'mill/client/:id/details', element: <ClientDetailsPage panels={clientPanels} /> },
  { path: 'mills/messages', element: <MessagesPage /> },
  { path: 'mill/account', element: <MillAccountPage /> },
];

const millAdminRoutes: RouteObject[] = [
  { path: 'mill/settings', element: <MillSettingsPage /> },
  { path: 'mill/contract', element: <MillContractPage /> },
];

const labRoutes: RouteObject[] = [
  { path: 'lab/welcome', element: <LabWelcomePage /> },
  { path: ':millId/lab/home', element: <LabWelcomePage /> },
  { path: 'lab/projects', element: <LabOrdersPage /> },
  { path: NEW_ORDER_PATH.slice(1), element: <NewOrderPage /> },
  { path: 'lab/projects/:projectId/components', element: <Navigate to="/lab/projects" replace /> },
  { path: 'lab/projects/:projectId/components/:id', element: <ComponentPage /> },
  { path: 'lab/messages', element: <MessagesPage /> },
  { path: 'lab/support', element: <LabSupportPage /> },
  { path: 'lab/account', element: <LabAccountPage /> },
];

const signedInRoutes: RouteObject[] = [
  { element: <RequireRole roles={['mill']} />, children: millRoutes },
  { element: <RequireRole roles={['mill']} millAdmin />, children: millAdminRoutes },
  { element: <RequireRole roles={['lab']} />, children: labRoutes },
  {
    element: <RequireRole roles={['manager']} />,
    children: [
      { path: 'manager', element: <ManagerPage /> },
      { path: 'manager/policies', element: <PoliciesPage /> },
    ],
  },
  { element: <RequireRole roles={['dealer']} />, children: [{ path: 'dealer', element: <DealerPage /> }] },
  { path: 'notifications', element: <NotificationsPage /> },
  // Spec §2 lists /messages in the lab area; it leads to the messages page of the user's side.
  { path: 'messages', element: <MessagesRedirect /> },
];

export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      { element: <PublicLayout />, children: publicRoutes },
      {
        // Signs in whoever is not signed in, before the layout that needs a session renders.
        element: <RequireRole roles={ANY_ROLE} />,
        children: [{ element: <SignedInLayout />, children: signedInRoutes }],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
