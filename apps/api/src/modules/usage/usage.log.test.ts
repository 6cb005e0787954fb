import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/** Pings are too many to log at the default level: the other requests still are. */
const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  t = await createTestApp({ logger: { level: 'info', stream } });
});
afterAll(async () => {
  await t.close();
});

it('logs no request line for a ping at the info level, and does for other requests', async () => {
  const ping = {
    licenceKey: 'ABCDE-12345-FGHIJ-KLMNO-PQRST',
    boardSerial: 'B-1',
    macAddresses: [],
    pcName: 'PC',
    ipAddresses: [],
    running: true,
  };
  expect((await t.request({ method: 'POST', url: '/api/usage/pings', payload: ping })).statusCode).toBe(202);
  expect((await t.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  const urls = lines.map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url).filter(Boolean);
  expect(urls).toContain('/api/health');
  expect(urls).not.toContain('/api/usage/pings');
});
