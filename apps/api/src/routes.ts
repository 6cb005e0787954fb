import type { FastifyInstance } from 'fastify';
import type {} from './access/route-access.ts';
import type { AppDeps } from './deps.ts';
import { appInfoRoutes } from './modules/app-info/app-info.routes.ts';
import { desktopAppRoutes } from './modules/desktop-app/desktop-app.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { companyRoutes } from './modules/companies/companies.routes.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import { orderRoutes } from './modules/orders/orders.routes.ts';
import { orderViewRoutes } from './modules/order-views/order-views.routes.ts';
import { orderFileRoutes } from './modules/order-files/order-files.routes.ts';
import { messageRoutes } from './modules/messages/messages.routes.ts';
import { registerOrderUploads } from './modules/order-uploads/order-uploads.routes.ts';
import { clientRoutes } from './modules/clients/clients.routes.ts';
import { devMailRoutes } from './modules/dev-mail/dev-mail.routes.ts';
import { licenceKeyRoutes } from './modules/licence-keys/licence-keys.routes.ts';
import { millUserRoutes } from './modules/mill-users/mill-users.routes.ts';
import { invitationRoutes } from './modules/invitations/invitations.routes.ts';
import { signInAndLink } from './modules/invitations/invitations.service.ts';
import { millRoutes } from './modules/mills/mills.routes.ts';
import { notificationRoutes } from './modules/notifications/notifications.routes.ts';
import { policyRoutes } from './modules/policies/policies.routes.ts';
import { uploadRoutes } from './modules/uploads/uploads.routes.ts';
import { sessionRoutes } from './modules/session/session.routes.ts';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.ts';
import { companyProfileRoutes } from './modules/company-profile/company-profile.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import { userSessionRoutes } from './modules/user-sessions/user-sessions.routes.ts';
import { planRoutes } from './modules/plans/plans.routes.ts';
import { subscriptionRoutes } from './modules/subscriptions/subscriptions.routes.ts';
import { invoiceRoutes } from './modules/invoices/invoices.routes.ts';
import { testPaymentRoutes } from './modules/test-payments/test-payments.routes.ts';
import { dealerRoutes } from './modules/dealers/dealers.routes.ts';
import { dealerUserRoutes } from './modules/dealer-users/dealer-users.routes.ts';
import { dealerCustomerRoutes } from './modules/dealer-customers/dealer-customers.routes.ts';
import { customerImportRoutes } from './modules/customer-imports/customer-imports.routes.ts';
import { ticketImportRoutes } from './modules/ticket-imports/ticket-imports.routes.ts';
import { usageRoutes } from './modules/usage/usage.routes.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { licenceTicketRoutes } from './modules/licence-tickets/licence-tickets.routes.ts';
import { dealerConfigurationRoutes } from './modules/dealer-configurations/dealer-configurations.routes.ts';
import { ticketReminderRoutes } from './modules/ticket-reminders/ticket-reminders.routes.ts';

/** The explicit list of feature modules: no autoloading, so what the API serves is read here. */
export async function registerRoutes(app: FastifyInstance, deps: AppDeps, options: { version: string; signingSecret: string }) {
  await app.register(
    async (api) => {
      await api.register(appInfoRoutes(deps, options.version));
      await api.register(desktopAppRoutes(deps));
      await api.register(authRoutes(deps, signInAndLink));
      await api.register(invitationRoutes(deps));
      await api.register(sessionRoutes(deps));
      await api.register(userRoutes(deps));
      await api.register(userSessionRoutes(deps));
      await api.register(companyProfileRoutes(deps));
      await api.register(notificationRoutes(deps));
      await api.register(policyRoutes(deps, options.signingSecret));
      await api.register(millRoutes(deps));
      await api.register(onboardingRoutes(deps));
      await api.register(clientRoutes(deps));
      await api.register(millUserRoutes(deps));
      await api.register(licenceKeyRoutes(deps));
      await api.register(companyRoutes(deps));
      await api.register(supportRoutes(deps));
      await api.register(orderRoutes(deps));
      await api.register(orderViewRoutes(deps));
      await api.register(orderFileRoutes(deps));
      await api.register(messageRoutes(deps));
      await api.register(uploadRoutes(deps));
      await api.register(planRoutes(deps));
      await api.register(subscriptionRoutes(deps));
      await api.register(invoiceRoutes(deps));
      await api.register(dealerRoutes(deps));
      await api.register(dealerUserRoutes(deps));
      await api.register(dealerCustomerRoutes(deps));
      await api.register(customerImportRoutes(deps));
      await api.register(ticketImportRoutes(deps));
      if (deps.testPayments) await api.register(testPaymentRoutes(deps));
      await api.register(usageRoutes(deps));
      await api.register(analyticsRoutes(deps));
      await api.register(licenceTicketRoutes(deps));
      await api.register(dealerConfigurationRoutes(deps));
      await api.register(ticketReminderRoutes(deps));
    },
    { prefix: '/api' },
  );
  registerOrderUploads(app, deps);
  if (deps.outbox && deps.config.env !== 'production') await app.register(devMailRoutes(deps.outbox));
}
