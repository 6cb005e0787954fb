import { chmod, mkdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CliError, type Io } from './io.ts';
import { writeFileAtomic } from './files.ts';

export interface Config {
  /** The portal, without a trailing slash, e.g. http://localhost:3000 */
  url: string;
  email?: string;
  /** Session token (JWT); absent after logout. */
  token?: string;
}

export const DEFAULT_URL = 'http://localhost:3000';

export function configPath(io: Io): string {
  return io.configPath ?? io.env.CASEBRIDGE_CONFIG ?? path.join(os.homedir(), '.config', 'casebridge', 'config.json');
}

export async function readConfig(file: string): Promise<Config | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const value = JSON.parse(text) as Partial<Config>;
    if (typeof value.url !== 'string') throw new Error('no url');
    return {
      url: value.url,
      email: typeof value.email === 'string' ? value.email : undefined,
      token: typeof value.token === 'string' ? value.token : undefined,
    };
  } catch {
    throw new CliError(`The configuration ${file} is damaged: delete it and run \`casebridge login\` again.`);
  }
}

/** Written readable by the owner only (0600), in a folder only the owner can enter. */
export async function writeConfig(file: string, config: Config): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeFileAtomic(file, `${JSON.stringify(config, null, 2)}\n`, 0o600);
  await chmod(file, 0o600);
}

export async function removeToken(file: string): Promise<boolean> {
  const config = await readConfig(file);
  if (!config?.token) return false;
  const { token: _token, ...rest } = config;
  await writeConfig(file, rest);
  return true;
}

export async function deleteConfig(file: string): Promise<void> {
  await rm(file, { force: true });
}

/** The stored session, or the advice to sign in. */
export async function requireSession(io: Io): Promise<Required<Pick<Config, 'url' | 'token'>> & Config> {
  const config = await readConfig(configPath(io));
  if (!config?.token) throw new CliError('Not signed in: run `casebridge login` first.');
  return { ...config, url: config.url, token: config.token };
}

/** `http://host:3000/` -> `http://host:3000`; refuses anything but http(s). */
export function normalizeUrl(input: string): string {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new CliError(`Not a URL: ${input} (expected e.g. ${DEFAULT_URL})`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new CliError(`The portal URL must start with http:// or https:// (got ${input})`);
  return url.toString().replace(/\/+$/, '');
}
