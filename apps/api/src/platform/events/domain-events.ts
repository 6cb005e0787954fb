import type { Db } from '../../db/client.ts';

/**
 * The events that cross features (ADR 0016). Empty here: the module that publishes an event
 * declares it by merging into this interface, next to the code that raises it, so this adapter
 * knows no feature:
 *
 *   declare module '../../platform/events/domain-events.ts' {
 *     interface DomainEvents { 'order.deleted': { orderId: number; componentIds: number[] } }
 *   }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface DomainEvents {}

export type DomainEventName = keyof DomainEvents;

/** A listener runs inside the publisher's transaction: what it writes commits or rolls back with the cause. */
export type DomainEventListener<N extends DomainEventName> = (tx: Db, event: DomainEvents[N]) => Promise<void>;

/**
 * Delivers an event to every listener, in the order they were registered, inside the transaction
 * of the change that causes it. A listener that throws aborts that transaction, so a listener may
 * also refuse the change (a plan limit). Work that is slow or must survive a crash (a mail) is
 * not done in a listener but enqueued by it, in the same transaction, on the job queue.
 */
export class DomainEventBus {
  private readonly listeners = new Map<DomainEventName, DomainEventListener<DomainEventName>[]>();

  on<N extends DomainEventName>(name: N, listener: DomainEventListener<N>): void {
    const list = this.listeners.get(name) ?? [];
    list.push(listener as unknown as DomainEventListener<DomainEventName>);
    this.listeners.set(name, list);
  }

  async publish<N extends DomainEventName>(tx: Db, name: N, event: DomainEvents[N]): Promise<void> {
    for (const listener of this.listeners.get(name) ?? []) await listener(tx, event);
  }

  /** Names with at least one listener: the wiring test checks every published event is heard. */
  heard(): DomainEventName[] {
    return [...this.listeners.keys()];
  }
}
