import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { Readable } from 'node:stream';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../test/s3-server.ts';
import { loadConfig } from '../../config.ts';
import { readHead } from '../../lib/multipart-form.ts';
import { s3ClientOf, S3Storage, S3_TIMEOUTS } from './s3-storage.ts';

/** A server that takes connections and never answers: a store that hangs. */
async function silentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => void sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      sockets.forEach((socket) => socket.destroy());
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('the S3 client waits on the store only so long', () => {
  it('fails a request that the store takes and never answers, after the request timeout', async () => {
    const silent = await silentServer();
    try {
      const settings = loadConfig({ STORAGE_URL: 's3://files', AWS_ENDPOINT_URL_S3: silent.url, S3_FORCE_PATH_STYLE: 'true' }).s3!;
      const client = s3ClientOf(
        { ...settings, credentials: { accessKeyId: 'a', secretAccessKey: 'b' } },
        { ...S3_TIMEOUTS, requestMs: 200 },
      );
      const started = Date.now();
      await expect(client.send(new HeadBucketCommand({ Bucket: 'files' }))).rejects.toThrow(/requestTimeout/);
      // The SDK's 3 attempts of 200 ms each and its backoff, not for ever.
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await silent.close();
    }
  });

  it('sets its timeouts and sockets explicitly', async () => {
    const client = s3ClientOf(loadConfig({ STORAGE_URL: 's3://files' }).s3!);
    const handler = client.config.requestHandler as unknown as { configProvider: Promise<Record<string, unknown>> };
    const config = await handler.configProvider;
    expect(config).toMatchObject({ connectionTimeout: 5_000, requestTimeout: 60_000, throwOnRequestTimeout: true, socketTimeout: 120_000 });
    expect((config.httpsAgent as { maxSockets: number }).maxSockets).toBeGreaterThan(256);
  });
});

describe('S3Storage against s3rver', () => {
  let server: TestS3Server;
  let storage: S3Storage;
  beforeAll(async () => {
    server = await startS3Server();
    storage = new S3Storage(s3ClientOf(loadConfig(server.env()).s3!), 'casebridge-test', 'portal');
  });
  afterAll(() => server.close());

  it("reads a file's head with a ranged GET: the store is asked for 512 bytes, not the file", async () => {
    const bytes = randomBytes(3 * 1024 * 1024);
    const { key } = await storage.put('documents', Readable.from([bytes]), 10 * 1024 * 1024);
    const ranges: (string | undefined)[] = [];
    const client = (storage as unknown as { client: import('@aws-sdk/client-s3').S3Client }).client;
    client.middlewareStack.add(
      (next) => async (args) => {
        ranges.push((args.request as { headers: Record<string, string> }).headers.range);
        return next(args);
      },
      { step: 'finalizeRequest', name: 'recordRange' },
    );
    try {
      expect(await readHead(storage, key)).toEqual(bytes.subarray(0, 512));
      expect(ranges).toEqual(['bytes=0-511']);
      // The whole size is still told.
      const opened = (await storage.open(key, { firstBytes: 16 }))!;
      opened.stream.destroy();
      expect(opened.size).toBe(bytes.length);
    } finally {
      client.middlewareStack.remove('recordRange');
    }
    const empty = await storage.put('documents', Readable.from([Buffer.alloc(0)]), 100);
    expect(await readHead(storage, empty.key)).toEqual(Buffer.alloc(0));
  });

  it('answers whether the bucket is reachable, asking the store at most once in a few seconds', async () => {
    const probe = new S3Storage(s3ClientOf(loadConfig(server.env()).s3!), 'casebridge-test', '');
    const sent = vi.spyOn((probe as unknown as { client: { send: () => unknown } }).client, 'send');
    expect(await Promise.all([probe.reachable(), probe.reachable()])).toEqual([true, true]);
    expect(await probe.reachable()).toBe(true);
    expect(sent).toHaveBeenCalledTimes(1);
    const missing = new S3Storage(s3ClientOf(loadConfig(server.env()).s3!), 'no-such-bucket', '');
    expect(await missing.reachable()).toBe(false);
  });
});
