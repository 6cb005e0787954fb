import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ErrorPage } from '../components/error-page.tsx';
import { Loading } from '../components/loading.tsx';
import { HomePage } from '../features/public/pages/home-page.tsx';
import { ANY_ROLE, RequireRole } from './guards/require-role.tsx';
import { SignedInOrHome } from './guards/signed-in-or-home.tsx';
import { lazyPage } from './lazy-route.ts';
import { PublicLayout } from './public-layout.tsx';
import { RootLayout } from './root-layout.tsx';

// One chunk per area (app/areas/): a visitor of the public home loads none of them.
const publicArea = () => import('./areas/public-area.ts');
const signedInArea = () => import('./areas/signed-in-area.ts');
const millArea = () => import('./areas/mill-area.tsx');
const labArea = () => import('./areas/lab-area.ts');
const managerArea = () => import('./areas/manager-area.ts');
const dealerArea = () => import('./areas/dealer-area.ts');

const publicRoutes: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: 'contact', lazy: lazyPage(publicArea, (area) => area.ContactPage) },
  { path: 'about-us', lazy: lazyPage(publicArea, (area) => area.AboutUsPage) },
  { path: 'desktop-app', lazy: lazyPage(publicArea, (area) => area.DesktopAppPage) },
  { path: 'privacy-policy', lazy: lazyPage(publicArea, (area) => area.PrivacyPolicyPage) },
  { path: 'goodbye', lazy: lazyPage(publicArea, (area) => area.GoodbyePage) },
  { path: 'terms-of-service', lazy: lazyPage(publicArea, (area) => area.TermsOfServicePage) },
  { path: 'data-processing-agreement', lazy: lazyPage(publicArea, (area) => area.DataProcessingAgreementPage) },
  { path: 'payments/success', lazy: lazyPage(publicArea, (area) => area.PaymentSuccessPage) },
  { path: 'payments/failure', lazy: lazyPage(publicArea, (area) => area.PaymentFailurePage) },
  { path: 'payments/test-checkout/:id', lazy: lazyPage(publicArea, (area) => area.TestCheckoutPage) },
  { path: 'payments/test-card/:id', lazy: lazyPage(publicArea, (area) => area.TestCardPage) },
  // Spec §2 public licence lookup: licence content only, rate limited by the server.
  { path: 'license/info', lazy: lazyPage(publicArea, (area) => area.PublicLicenceInfoPage) },
  // Static paths rank above this parameter, so only unknown single segments reach it.
  { path: ':millId', lazy: lazyPage(publicArea, (area) => area.MillLandingPage) },
];

const millRoutes: RouteObject[] = [
  { path: 'mill/welcome', lazy: lazyPage(millArea, (area) => area.MillWelcomePage) },
  { path: 'mills/projects', lazy: lazyPage(millArea, (area) => area.MillOrdersPage) },
  { path: 'mills/projects/:projectId/components', element: <Navigate to="/mills/projects" replace /> },
  { path: 'mills/projects/:projectId/components/:id', lazy: lazyPage(millArea, (area) => area.ComponentPage) },
  { path: 'mills/clients', lazy: lazyPage(millArea, (area) => area.ClientsPage) },
  { path: 'mill/client/:id/details', lazy: lazyPage(millArea, (area) => area.MillClientDetailsPage) },
  { path: 'mills/messages', lazy: lazyPage(millArea, (area) => area.MessagesPage) },
  { path: 'mill/account', lazy: lazyPage(millArea, (area) => area.MillAccountPage) },
  { path: 'mill/support', lazy: lazyPage(millArea, (area) => area.MillSupportPage) },
  { path: 'mill/audit', lazy: lazyPage(millArea, (area) => area.MillAuditPage) },
];

const millSettingsRoute: RouteObject = { path: 'mill/settings', lazy: lazyPage(millArea, (area) => area.MillSettingsPage) };
const millContractRoute: RouteObject = { path: 'mill/contract', lazy: lazyPage(millArea, (area) => area.MillContractPage) };

const labRoutes: RouteObject[] = [
  { path: 'lab/welcome', lazy: lazyPage(labArea, (area) => area.LabWelcomePage) },
  { path: ':millId/lab/home', lazy: lazyPage(labArea, (area) => area.LabWelcomePage) },
  { path: 'lab/projects', lazy: lazyPage(labArea, (area) => area.LabOrdersPage) },
  // NEW_ORDER_PATH of lab-orders-page.tsx, written out: importing it would put the lab's pages into the entry.
  { path: 'lab/projects/new', lazy: lazyPage(labArea, (area) => area.NewOrderPage) },
  { path: 'lab/projects/:projectId/components', element: <Navigate to="/lab/projects" replace /> },
  { path: 'lab/projects/:projectId/components/:id', lazy: lazyPage(labArea, (area) => area.ComponentPage) },
  { path: 'lab/messages', lazy: lazyPage(labArea, (area) => area.MessagesPage) },
  { path: 'lab/support', lazy: lazyPage(labArea, (area) => area.LabSupportPage) },
  { path: 'lab/account', lazy: lazyPage(labArea, (area) => area.LabAccountPage) },
  { path: 'lab/audit', lazy: lazyPage(labArea, (area) => area.LabAuditPage) },
];

const signedInRoutes: RouteObject[] = [
  { element: <RequireRole roles={['mill']} />, children: millRoutes },
  // The selected mill's actions decide: the admins' pages, as the rule book gives them there.
  { element: <RequireRole roles={['mill']} millAction="mill.update" />, children: [millSettingsRoute] },
  { element: <RequireRole roles={['mill']} millAction="subscription.manage" />, children: [millContractRoute] },
  { element: <RequireRole roles={['lab']} />, children: labRoutes },
  {
    element: <RequireRole roles={['manager']} />,
    children: [
      { path: 'manager', lazy: lazyPage(managerArea, (area) => area.ManagerPage) },
      { path: 'manager/policies', lazy: lazyPage(managerArea, (area) => area.PoliciesPage) },
      { path: 'manager/desktop-app', lazy: lazyPage(managerArea, (area) => area.DesktopAppSettingsPage) },
      { path: 'manager/hd/usage/info', lazy: lazyPage(managerArea, (area) => area.UsagePage) },
      { path: 'manager/dealer', lazy: lazyPage(managerArea, (area) => area.DealerManagementPage) },
      // The manager has no dealer of its own: it picks the dealer whose configuration it tests.
      { path: 'manager/dealer/config-test', lazy: lazyPage(managerArea, (area) => area.ManagerConfigTestPage) },
      { path: 'manager/customer', lazy: lazyPage(managerArea, (area) => area.CustomersPage) },
      { path: 'manager/tickets', lazy: lazyPage(managerArea, (area) => area.TicketsPage) },
      { path: 'manager/license/info', lazy: lazyPage(managerArea, (area) => area.ManagerLicenceInfoPage) },
      { path: 'manager/import/customers', lazy: lazyPage(managerArea, (area) => area.CustomerImportPage) },
      { path: 'manager/import/tickets', lazy: lazyPage(managerArea, (area) => area.TicketImportPage) },
      { path: 'manager/user', lazy: lazyPage(managerArea, (area) => area.DealerUsersPage) },
      { path: 'manager/plans', lazy: lazyPage(managerArea, (area) => area.ManagerPlansPage) },
      { path: 'manager/home', lazy: lazyPage(managerArea, (area) => area.ManagerPage) },
      { path: 'manager/mills/view', lazy: lazyPage(managerArea, (area) => area.MillsViewPage) },
      { path: 'manager/mill/orders/view', lazy: lazyPage(managerArea, (area) => area.MillOrdersPage) },
      { path: 'manager/users/view', lazy: lazyPage(managerArea, (area) => area.UsersViewPage) },
      { path: 'manager/mill/activity', lazy: lazyPage(managerArea, (area) => area.ActivityPage) },
      { path: 'manager/settings', lazy: lazyPage(managerArea, (area) => area.ManagerSettingsPage) },
      { path: 'manager/audit', lazy: lazyPage(managerArea, (area) => area.ManagerAuditPage) },
    ],
  },
  {
    element: <RequireRole roles={['dealer']} />,
    // The dealer frame (dealer name and Reseller Id) holds every page of the dealer area.
    children: [
      {
        lazy: lazyPage(dealerArea, (area) => area.DealerFrame),
        children: [
          { path: 'dealer', lazy: lazyPage(dealerArea, (area) => area.DealerHomePage) },
          { path: 'dealer/home', lazy: lazyPage(dealerArea, (area) => area.DealerHomePage) },
          { path: 'dealer/information', lazy: lazyPage(dealerArea, (area) => area.DealerManagementPage) },
          { path: 'customer/information', lazy: lazyPage(dealerArea, (area) => area.CustomersPage) },
          { path: 'dealer/tickets', lazy: lazyPage(dealerArea, (area) => area.TicketsPage) },
          { path: 'dealer/license/info', lazy: lazyPage(dealerArea, (area) => area.DealerLicenceInfoPage) },
          { path: 'dealer/users', lazy: lazyPage(dealerArea, (area) => area.DealerUsersPage) },
          { path: 'dealer/settings', lazy: lazyPage(dealerArea, (area) => area.DealerSettingsPage) },
          { path: 'dealer/audit', lazy: lazyPage(dealerArea, (area) => area.DealerAuditPage) },
          // The configuration test and its view-only variant (ADR 0013).
          { path: 'dealer/config/result', lazy: lazyPage(dealerArea, (area) => area.DealerConfigPage) },
          { path: 'view/dealer/config/result', lazy: lazyPage(dealerArea, (area) => area.DealerConfigViewPage) },
        ],
      },
    ],
  },
  { path: 'notifications', lazy: lazyPage(signedInArea, (area) => area.NotificationsPage) },
  // Spec §2 lists /messages in the lab area; it leads to the messages page of the user's side.
  { path: 'messages', lazy: lazyPage(signedInArea, (area) => area.MessagesRedirect) },
  // The data export's mailed link: fetched with the signed-in user's token (docs/privacy.md).
  { path: 'data-export/:token', lazy: lazyPage(signedInArea, (area) => area.DataExportPage) },
];

export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    // Shown while the first page's area loads on a fresh visit; later navigations keep the old page meanwhile.
    hydrateFallbackElement: <Loading />,
    children: [
      { element: <PublicLayout />, children: publicRoutes },
      {
        // Signs in whoever is not signed in, before the layout that needs a session renders.
        element: <RequireRole roles={ANY_ROLE} />,
        children: [{ lazy: lazyPage(signedInArea, (area) => area.SignedInLayout), children: signedInRoutes }],
      },
      {
        // Unknown paths: home for visitors, a not-found page inside the shell for the signed-in.
        element: <SignedInOrHome />,
        children: [
          {
            lazy: lazyPage(signedInArea, (area) => area.SignedInLayout),
            children: [{ path: '*', lazy: lazyPage(signedInArea, (area) => area.NotFoundPage) }],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
