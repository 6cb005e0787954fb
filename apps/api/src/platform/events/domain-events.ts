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

/**
 * What a listener leaves for after the commit: an effect outside the database (a live push, removing
 * stored bytes) must not happen for a change that may still roll back.
 */
export type AfterCommit = () => void | Promise<void>;

/**
 * A listener runs inside the publisher's transaction: what it writes commits or rolls back with the
 * cause. It may answer what to do once that transaction committed.
 */
export type DomainEventListener<N extends DomainEventName> = (tx: Db, event: DomainEvents[N]) => Promise<void | AfterCommit>;

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

  /**
   * Answers the listeners' after-commit work, in their order: the publisher calls it once its
   * transaction committed, and drops it when the transaction rolls back.
   */
  async publish<N extends DomainEventName>(tx: Db, name: N, event: DomainEvents[N]): Promise<AfterCommit> {
    const afterCommit: AfterCommit[] = [];
    for (const listener of this.listeners.get(name) ?? []) {
      const then = await listener(tx, event);
      if (then) afterCommit.push(then);
    }
    return async () => {
      for (const then of afterCommit) await then();
    };
  }

  /** Names with at least one listener: the wiring test checks every published event is heard. */
  heard(): DomainEventName[] {
    return [...this.listeners.keys()];
  }
}
