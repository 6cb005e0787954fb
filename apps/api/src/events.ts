import type { AppDeps } from './deps.ts';
import {
  markActivityRead,
  notifyMessagePosted,
  notifyOrderSubmitted,
  notifyPlanLimit,
} from './modules/notifications/notifications.service.ts';
import { setProductionConfiguration } from './modules/dealers/dealers.service.ts';
import { deleteFilesOfOrder } from './modules/order-files/order-files.service.ts';
import { markComponentsDownloaded } from './modules/orders/orders.service.ts';
import { assertStorageRoom } from './modules/subscriptions/subscriptions.service.ts';
import { forgetMachinesOf } from './modules/usage/usage.service.ts';
import { endAllSessions } from './modules/users/users.service.ts';

/**
 * The explicit list of who listens to which domain event, as routes.ts lists the routes and
 * jobs.ts the jobs (ADR 0016). A feature publishes its own events and never imports a listener;
 * only this composition root knows both sides.
 */
export function registerEventListeners(deps: AppDeps): void {
  const { events } = deps;
  events.on('order.submitted', (tx, order) => notifyOrderSubmitted(deps, tx, order));
  events.on('order.deleted', (tx, deleted) => deleteFilesOfOrder(deps, tx, deleted));
  events.on('message.posted', (tx, posted) => notifyMessagePosted(deps, tx, posted));
  events.on('messages.read', (tx, read) => markActivityRead(tx, read));
  events.on('plan.limit-reached', (tx, attempt) => notifyPlanLimit(deps, tx, attempt));
  events.on('licenceKey.consentWithdrawn', (tx, { licenceKeyId }) => forgetMachinesOf(tx, licenceKeyId));
  events.on('files.storing', (tx, { millId, bytes }) => assertStorageRoom(tx, millId, bytes));
  events.on('files.downloaded', (tx, { componentIds }) => markComponentsDownloaded(tx, componentIds));
  // A second factor reset by an administrator (ADR 0020): the user's sessions end with it. The audit
  // trail (issue 28 part 3) listens here too once it exists.
  events.on('auth.secondFactorReset', async (tx, { userId }) => {
    await endAllSessions(tx, userId);
    return () => deps.realtime.endSessions(userId);
  });
  events.on('dealerConfiguration.published', (tx, { dealerId, configJson }) => setProductionConfiguration(tx, dealerId, configJson));
}
