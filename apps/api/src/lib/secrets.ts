import { createHmac, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
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
  // Written whole under a private name, then linked into place: a process starting at the same
  // moment sees no file or the complete one, never half of it; the first link wins.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, JSON.stringify(secrets), { mode: 0o600, flag: 'wx' });
  try {
    await link(draft, file).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  } finally {
    await unlink(draft);
  }
  return JSON.parse(await readFile(file, 'utf8')) as LocalSecrets;
}

/** A key for one purpose derived from a master secret, so one leaked key opens nothing else. */
export function derivedSecret(master: string, purpose: string): string {
  return createHmac('sha256', master).update(purpose).digest('base64url');
}

/**
 * The key that seals secrets kept in the database (lib/secret-box.ts): APP_ENCRYPTION_KEY, or in
 * development and tests one derived from the JWT secret (ADR 0020). The server and the seed agree on it.
 */
export function encryptionKeyOf(configured: string | undefined, jwtSecret: string): string {
  return configured ?? derivedSecret(jwtSecret, 'app encryption key');
}
