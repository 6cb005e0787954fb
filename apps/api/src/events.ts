import type { AppDeps } from './deps.ts';
import { forgetMachinesOf } from './modules/usage/usage.service.ts';

/**
 * The explicit list of who listens to which domain event, as routes.ts lists the routes and
 * jobs.ts the jobs (ADR 0016). A feature publishes its own events and never imports a listener;
 * only this composition root knows both sides.
 */
export function registerEventListeners(deps: AppDeps): void {
  const { events } = deps;
  events.on('licenceKey.consentWithdrawn', (tx, { licenceKeyId }) => forgetMachinesOf(tx, licenceKeyId));
}
