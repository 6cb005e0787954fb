import { startRoundRobinProxy } from '../apps/api/test/round-robin-proxy.ts';
import { startS3Server } from '../apps/api/test/s3-server.ts';

/**
 * The tests' S3-compatible server and round-robin proxy as processes of their own, so that their
 * work does not share an event loop with the bench's client. Prints one line once it serves,
 * closes on SIGTERM (the S3 server removes its folder).
 *
 * `node --import tsx bench/service-process.ts s3 <prefix>`: prints the portal's settings as JSON.
 * `node --import tsx bench/service-process.ts proxy <port>...`: prints its URL once every backend is in rotation.
 */
const [kind, ...args] = process.argv.slice(2);

async function start(): Promise<{ line: string; close: () => Promise<void> }> {
  if (kind === 's3') {
    const s3 = await startS3Server();
    return { line: JSON.stringify(s3.env(args[0])), close: () => s3.close() };
  }
  if (kind === 'proxy') {
    const ports = args.map(Number);
    const proxy = await startRoundRobinProxy(ports);
    await proxy.waitForRotation(ports.map((_port, index) => index));
    return { line: proxy.url, close: () => proxy.close() };
  }
  throw new Error('usage: service-process.ts s3 <prefix> | proxy <port>...');
}

const service = await start();
process.once('SIGTERM', () => void service.close().finally(() => process.exit(0)));
console.log(service.line);
