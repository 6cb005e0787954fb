import { afterEach, describe, expect, it, vi } from 'vitest';
import { whoamiCommand } from './commands/whoami.ts';
import { cli } from './test/harness.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the error handler of run', () => {
  it.each([
    ['null', null, 'error: null'],
    ['undefined', undefined, 'error: undefined'],
    ['a string', 'disk full', 'error: disk full'],
    ['an error', new Error('boom'), 'error: boom'],
  ])('turns a thrown %s into a message and exit code 1', async (_name, thrown, message) => {
    vi.spyOn(whoamiCommand, 'run').mockRejectedValueOnce(thrown);
    const result = await cli(['whoami'], { config: '/nonexistent/config.json', env: { CASEBRIDGE_DEBUG: '1' } });
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(result.stderr.split('\n')[0]).toBe(message);
  });

  it('tells an unknown option as a usage error', async () => {
    const result = await cli(['whoami', '--nope'], { config: '/nonexistent/config.json' });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: Unknown option '--nope'.*\nUsage: casebridge whoami/s);
  });
});
