import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, SETTING_NAMES } from './config.ts';

/** The rows of the README's "Configuration" table: variable name → what the row says. */
async function documentedSettings(): Promise<Map<string, string>> {
  const readme = await readFile(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
  const section = readme.split(/^## Configuration$/m)[1]!.split(/^## /m)[0]!;
  const rows = [...section.matchAll(/^\| `([A-Z_0-9]+)` \|(.*)$/gm)];
  return new Map(rows.map(([, name, rest]) => [name!, rest!]));
}

describe("the README's configuration table", () => {
  it('lists every variable the portal reads, and none it does not', async () => {
    const documented = await documentedSettings();
    expect([...documented.keys()].sort()).toEqual([...SETTING_NAMES].sort());
  });

  it('names the forwarded headers only in the row of the setting that decides whom to believe', async () => {
    const rows = [...(await documentedSettings())].filter(([, text]) => /X-Forwarded/i.test(text)).map(([name]) => name);
    expect(rows).toEqual(['TRUST_PROXY']);
  });
});

describe('the shutdown delay', () => {
  it('waits for a load balancer in production only, unless SHUTDOWN_DELAY_MS says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }).shutdownDelayMs).toBe(5_000);
    expect(loadConfig({ NODE_ENV: 'test' }).shutdownDelayMs).toBe(0);
    expect(loadConfig({ NODE_ENV: 'production', SHUTDOWN_DELAY_MS: '0' }).shutdownDelayMs).toBe(0);
    expect(() => loadConfig({ SHUTDOWN_DELAY_MS: '-1' })).toThrow(
      'SHUTDOWN_DELAY_MS must be a whole number of milliseconds from 0 to 60000',
    );
  });
});

describe('the database pool', () => {
  it('opens 20 connections per process unless DATABASE_POOL_SIZE says otherwise, and refuses fewer than 2', async () => {
    expect(loadConfig({}).databasePoolSize).toBe(20);
    expect(loadConfig({ DATABASE_POOL_SIZE: '8' }).databasePoolSize).toBe(8);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '1' })).toThrow('DATABASE_POOL_SIZE must be a whole number of connections from 2 to 500');
    const { connect } = await import('./db/client.ts');
    const database = connect('postgres://nobody@127.0.0.1:1/none', { poolSize: 3 });
    expect(database.pool.options.max).toBe(3);
    await database.close();
  });
});

describe('the JWT secret of a deployment', () => {
  it('must be configured in production on a database of its own, where several processes must share it', () => {
    const shared = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db.example/casebridge' };
    expect(() => loadConfig(shared)).toThrow(/^JWT_SECRET must be set in production with DATABASE_URL/);
    expect(loadConfig({ ...shared, JWT_SECRET: 'x'.repeat(32), APP_ENCRYPTION_KEY: 'k'.repeat(32) }).jwtSecret).toBe('x'.repeat(32));
    // Alone on its embedded database, or outside production, the secret generated into DATA_DIR serves.
    expect(loadConfig({ NODE_ENV: 'production' }).jwtSecret).toBeUndefined();
    expect(loadConfig({ ...shared, NODE_ENV: 'development' }).jwtSecret).toBeUndefined();
  });
});

describe('the encryption key of a deployment (APP_ENCRYPTION_KEY)', () => {
  it('must be configured in production on a database of its own, and not be the example placeholder', () => {
    const shared = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db.example/casebridge', JWT_SECRET: 'j'.repeat(32) };
    expect(() => loadConfig(shared)).toThrow(/^APP_ENCRYPTION_KEY must be set in production with DATABASE_URL/);
    expect(loadConfig({ ...shared, APP_ENCRYPTION_KEY: 'k'.repeat(32) }).encryptionKey).toBe('k'.repeat(32));
    expect(() => loadConfig({ ...shared, APP_ENCRYPTION_KEY: `REPLACE_ME${'k'.repeat(32)}` })).toThrow(/example placeholder/);
    expect(loadConfig({ NODE_ENV: 'development' }).encryptionKey).toBeUndefined();
  });
});

describe('where stored files go (STORAGE_URL)', () => {
  it('is the local disk unless STORAGE_URL names a bucket', () => {
    expect(loadConfig({}).s3).toBeNull();
  });

  it('reads the bucket, the prefix and the AWS settings the SDKs know', () => {
    const env = {
      STORAGE_URL: 's3://casebridge-files/eu/portal/',
      AWS_REGION: 'eu-central-1',
      AWS_ENDPOINT_URL_S3: 'https://minio.example.com:9000',
      AWS_ACCESS_KEY_ID: 'id',
      AWS_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_DOWNLOAD_URL_SECONDS: '120',
    };
    expect(loadConfig(env).s3).toEqual({
      bucket: 'casebridge-files',
      prefix: 'eu/portal',
      region: 'eu-central-1',
      endpoint: 'https://minio.example.com:9000',
      forcePathStyle: true,
      downloadUrlSeconds: 120,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret', sessionToken: undefined },
    });
    // Without keys the SDK's own chain finds them (an instance or pod role).
    expect(loadConfig({ STORAGE_URL: 's3://files' }).s3).toMatchObject({
      bucket: 'files',
      prefix: '',
      region: 'us-east-1',
      downloadUrlSeconds: 300,
      credentials: undefined,
    });
  });

  it.each(['files', 'file:///var/files', 's3://', 's3://Files', 's3://ab', 's3://files?x=1', 's3://user@files/x', 's3://files/a b'])(
    'stops the start on %s with a line saying what it accepts',
    (value) => {
      expect(() => loadConfig({ STORAGE_URL: value })).toThrow(
        /^Invalid setting: STORAGE_URL must be s3:\/\/bucket or s3:\/\/bucket\/prefix/,
      );
    },
  );

  it('stops the start on half a key pair, a bad endpoint, path-style value or download URL lifetime', () => {
    expect(() => loadConfig({ AWS_ACCESS_KEY_ID: 'id' })).toThrow(/AWS_SECRET_ACCESS_KEY must be/);
    expect(() => loadConfig({ AWS_SECRET_ACCESS_KEY: 'secret' })).toThrow(/AWS_ACCESS_KEY_ID must be/);
    expect(() => loadConfig({ AWS_ENDPOINT_URL_S3: 'minio:9000' })).toThrow(/AWS_ENDPOINT_URL_S3 must be/);
    expect(() => loadConfig({ S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE must be true or false/);
    expect(() => loadConfig({ S3_DOWNLOAD_URL_SECONDS: '7200' })).toThrow(
      /S3_DOWNLOAD_URL_SECONDS must be a whole number of seconds from 10 to 3600/,
    );
  });
});
