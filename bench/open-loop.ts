import http from 'node:http';

/**
 * Requests sent at a steady rate whatever the answers, as thousands of independent devices send
 * them (an open loop): every 5 ms the requests due by then go out, on keep-alive connections opened
 * as needed. Each latency counts from when its request was due, so a server that falls behind shows
 * it in the latencies instead of slowing the sender down. (autocannon's rate option sends each
 * connection's quota for a second as fast as it can at the start of the second, then waits: bursts.)
 */
export interface OpenLoopResult {
  sent: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Answers other than `expectedStatus`, and requests that failed. */
  failed: number;
}

const TICK_MS = 5;

export async function openLoop(options: { url: string; rate: number; seconds: number; body: () => string; expectedStatus: number }): Promise<OpenLoopResult> {
  const url = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const latencies: number[] = [];
  let failed = 0;
  let sent = 0;
  const inFlight = new Set<Promise<void>>();
  const send = (due: number) => {
    const body = options.body();
    sent++;
    const done = new Promise<void>((resolve) => {
      const request = http.request(
        { agent, host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (response) => {
          response.resume();
          response.on('end', () => {
            latencies.push(performance.now() - due);
            if (response.statusCode !== options.expectedStatus) failed++;
            resolve();
          });
        },
      );
      request.on('error', () => {
        failed++;
        resolve();
      });
      request.end(body);
    });
    inFlight.add(done);
    void done.then(() => inFlight.delete(done));
  };
  const start = performance.now();
  const end = start + options.seconds * 1000;
  let due = 0;
  while (performance.now() < end) {
    const now = performance.now();
    const owed = Math.floor(((now - start) / 1000) * options.rate);
    for (; due < owed; due++) send(start + (due / options.rate) * 1000);
    await new Promise((resolve) => setTimeout(resolve, TICK_MS));
  }
  const elapsed = (performance.now() - start) / 1000;
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0);
  return { sent, perSecond: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), failed };
}
