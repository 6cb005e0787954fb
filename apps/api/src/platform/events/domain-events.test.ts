import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { DomainEventBus } from './domain-events.ts';

declare module './domain-events.ts' {
  interface DomainEvents {
    'test.happened': { n: number };
  }
}

const tx = {} as Db;

describe('the domain event bus', () => {
  it('delivers an event to every listener in registration order, with the publisher’s transaction', async () => {
    const bus = new DomainEventBus();
    const seen: string[] = [];
    bus.on('test.happened', async (given, event) => void seen.push(`a${event.n}${given === tx ? '+tx' : ''}`));
    bus.on('test.happened', async (_given, event) => void seen.push(`b${event.n}`));
    await bus.publish(tx, 'test.happened', { n: 1 });
    expect(seen).toEqual(['a1+tx', 'b1']);
  });

  it('lets a listener refuse the change: its error reaches the publisher and later listeners do not run', async () => {
    const bus = new DomainEventBus();
    const seen: number[] = [];
    bus.on('test.happened', async () => {
      throw new Error('over the limit');
    });
    bus.on('test.happened', async (_tx, event) => void seen.push(event.n));
    await expect(bus.publish(tx, 'test.happened', { n: 2 })).rejects.toThrow('over the limit');
    expect(seen).toEqual([]);
  });

  it('answers the listeners’ after-commit work, run only when the publisher calls it, in registration order', async () => {
    const bus = new DomainEventBus();
    const seen: string[] = [];
    bus.on('test.happened', async (_tx, event) => () => void seen.push(`push${event.n}`));
    bus.on('test.happened', async () => void seen.push('write'));
    bus.on('test.happened', async () => async () => void seen.push('remove'));
    const afterCommit = await bus.publish(tx, 'test.happened', { n: 4 });
    expect(seen).toEqual(['write']);
    await afterCommit();
    expect(seen).toEqual(['write', 'push4', 'remove']);
  });

  it('publishes to nobody without failing, and says which events have listeners', async () => {
    const bus = new DomainEventBus();
    await bus.publish(tx, 'test.happened', { n: 3 });
    expect(bus.heard()).toEqual([]);
    bus.on('test.happened', async () => {});
    expect(bus.heard()).toEqual(['test.happened']);
  });
});
