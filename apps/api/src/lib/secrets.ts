import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Secrets the server needs but nobody configured: generated once into DATA_DIR (mode 0600),
 * so a restart keeps sessions valid and the embedded database reachable. Never in the repo.
 */
export interface LocalSecrets {
  jwtSecret: string;
  embeddedDbPassword: string;
}

export async function loadOrCreateSecrets(dataDir: string): Promise<LocalSecrets> {
  const file = path.join(dataDir, 'secrets.json');
  try {
    return JSON.parse(await readFile(file, 'utf8')) as LocalSecrets;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secrets: LocalSecrets = {
    jwtSecret: randomBytes(48).toString('base64url'),
    embeddedDbPassword: randomBytes(24).toString('base64url'),
  };
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, JSON.stringify(secrets), { mode: 0o600, flag: 'wx' }).catch(async (error) => {
    // Another process won the race: use what it wrote.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  });
  return JSON.parse(await readFile(file, 'utf8')) as LocalSecrets;
}
