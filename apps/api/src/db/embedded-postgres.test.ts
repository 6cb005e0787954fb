import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StartupError } from '../lib/startup-error.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.ts';

/**
 * A second start on a data directory whose server is live (`npm run seed` while `npm start`
 * runs) must never stop that server: it uses it, or refuses, as it asks. Only the owner stops it.
 */
let tmpDir: string;
let owner: EmbeddedPostgres | null = null;
const password = 'second-process-test';

beforeAll(async () => {
  tmpDir = await mkdtemp(path.join(os.tmpdir(), 'casebridge-embedded-owner-'));
  await chmod(tmpDir, 0o755);
});
afterAll(async () => {
  await owner?.stop();
  await rm(tmpDir, { recursive: true, force: true });
});

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.query<{ one: number }>('select 1 as one')).rows[0]?.one === 1;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

describe('embedded PostgreSQL with a second process on the same data directory', () => {
  it('shares the live server without stopping it, refuses when asked to, and lets only the owner stop it', async () => {
    const dataDir = path.join(tmpDir, 'pg');
    owner = await startEmbeddedPostgres({ dataDir, password });
    expect(owner.owned).toBe(true);

    const guest = await startEmbeddedPostgres({ dataDir, password, whenInUse: 'share' });
    expect(guest.owned).toBe(false);
    expect(guest.url()).toBe(owner.url());
    expect(await answers(guest.url())).toBe(true);
    await guest.stop();
    expect(await answers(owner.url())).toBe(true);

    const refused = startEmbeddedPostgres({ dataDir, password });
    await expect(refused).rejects.toBeInstanceOf(StartupError);
    const message = (await refused.catch((error: Error) => error.message)) as string;
    expect(message).toContain(`in use by another CaseBridge process (pid ${process.pid})`);
    expect(message).not.toContain('\n');
    expect(await answers(owner.url())).toBe(true);

    const ownerUrl = owner.url();
    await owner.stop();
    owner = null;
    expect(await answers(ownerUrl)).toBe(false);

    // An owner file left by a killed process whose pid is now another process's (in a restarted
    // container, often this very pid): not a live owner, so this start owns the directory.
    await writeFile(`${dataDir}.owner.pid`, `${process.pid} 1\n`);
    owner = await startEmbeddedPostgres({ dataDir, password, whenInUse: 'share' });
    expect(owner.owned).toBe(true);
    expect(await answers(owner.url())).toBe(true);
  }, 120_000);
});
