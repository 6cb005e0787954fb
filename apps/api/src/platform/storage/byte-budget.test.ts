import { describe, expect, it } from 'vitest';
import { BudgetExhausted, ByteBudget } from './byte-budget.ts';

/** A piece of work that runs until it is told to end, and says when it started. */
function held() {
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  const state = { started: false };
  return { state, end, work: async () => ((state.started = true), await ended) };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('ByteBudget', () => {
  it('runs work that fits at once, and holds back work past the budget until bytes come back', async () => {
    const budget = new ByteBudget(100);
    const [a, b, c] = [held(), held(), held()];
    const runs = [budget.with(60, a.work), budget.with(40, b.work), budget.with(50, c.work)];
    await turn();
    expect([a.state.started, b.state.started, c.state.started]).toEqual([true, true, false]);
    a.end();
    await runs[0];
    await turn();
    expect(c.state.started).toBe(true);
    b.end();
    c.end();
    await Promise.all(runs);
  });

  it('serves in order: a small request waits behind a large one that does not fit yet', async () => {
    const budget = new ByteBudget(100);
    const [first, large, small] = [held(), held(), held()];
    const runs = [budget.with(70, first.work), budget.with(80, large.work), budget.with(10, small.work)];
    await turn();
    expect([first.state.started, large.state.started, small.state.started]).toEqual([true, false, false]);
    first.end();
    await turn();
    expect([large.state.started, small.state.started]).toEqual([true, true]);
    large.end();
    small.end();
    await Promise.all(runs);
  });

  it('gives the bytes back when the work fails, and lets a request larger than the budget run alone', async () => {
    const budget = new ByteBudget(100);
    await expect(budget.with(100, () => Promise.reject(new Error('store away')))).rejects.toThrow('store away');
    const huge = held();
    const run = budget.with(500, huge.work);
    await turn();
    expect(huge.state.started).toBe(true);
    huge.end();
    await run;
  });
});

describe('ByteBudget with a longest wait', () => {
  it('gives up a turn that does not come in time, taking nothing, and lets the ones behind it go', async () => {
    const budget = new ByteBudget(100);
    const a = held();
    const running = budget.with(80, a.work);
    await turn();
    const refused = budget.with(50, async () => 'ran', 20);
    const small = held();
    const behind = budget.with(10, small.work);
    await expect(refused).rejects.toThrow(BudgetExhausted);
    await turn();
    expect(small.state.started).toBe(true);
    a.end();
    small.end();
    await Promise.all([running, behind]);
    // Everything came back: the whole budget fits again at once.
    expect(await budget.with(100, async () => 'whole', 0)).toBe('whole');
  });
});
