import net from 'node:net';

/**
 * Requests sent at a steady rate whatever the answers, as thousands of independent devices send
 * them (an open loop): every millisecond the requests due by then go out, each on an idle
 * keep-alive connection (one request at a time per connection, as a device sends; a new connection
 * when none is idle). Each latency counts from when its request was due, so a server that falls
 * behind shows it in the latencies instead of slowing the sender down. (autocannon's rate option
 * sends each connection's quota for a second as fast as it can at the start of the second, then
 * waits: bursts.)
 *
 * The sender shares the machine with the portal and PostgreSQL, so it is written to cost little:
 * requests are written as bytes on plain sockets and only the status line and content-length of an
 * answer are read (node's HTTP client took a third of a core at 3,000 requests a second, and its
 * own event-loop stalls showed up as the server's latency).
 */
export interface OpenLoopResult {
  sent: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Answers other than `expectedStatus`, and requests that failed. */
  failed: number;
}

const TICK_MS = 1;
const MAX_CONNECTIONS = 4096;
const HEADER_END = Buffer.from('\r\n\r\n');

type Connection = { socket: net.Socket; due: number; buffered: Buffer };

/**
 * Reads HTTP/1.1 answers off a connection: the status code, then the body by its content-length.
 * Returns the status once a whole answer is in `buffered`, or undefined while it is incomplete.
 */
function takeAnswer(connection: Connection): number | undefined {
  const end = connection.buffered.indexOf(HEADER_END);
  if (end === -1) return undefined;
  const head = connection.buffered.toString('latin1', 0, end);
  const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
  if (connection.buffered.length < end + 4 + length) return undefined;
  connection.buffered = connection.buffered.subarray(end + 4 + length);
  return Number(head.slice(9, 12));
}

export async function openLoop(options: {
  url: string;
  rate: number;
  seconds: number;
  body: () => string;
  expectedStatus: number;
}): Promise<OpenLoopResult> {
  const url = new URL(options.url);
  const requestHead = `POST ${url.pathname} HTTP/1.1\r\nhost: ${url.host}\r\ncontent-type: application/json\r\nconnection: keep-alive\r\ncontent-length: `;
  const latencies: number[] = [];
  const idle: Connection[] = [];
  const all = new Set<Connection>();
  let failed = 0;
  let sent = 0;
  let answered = 0;

  const settle = (connection: Connection, status: number) => {
    latencies.push(performance.now() - connection.due);
    if (status !== options.expectedStatus) failed++;
    answered++;
    idle.push(connection);
  };
  const open = (): Connection => {
    const socket = net.connect(Number(url.port), url.hostname);
    socket.setNoDelay(true);
    const connection: Connection = { socket, due: 0, buffered: Buffer.alloc(0) };
    socket.on('data', (chunk: Buffer) => {
      connection.buffered = connection.buffered.length === 0 ? chunk : Buffer.concat([connection.buffered, chunk]);
      const status = takeAnswer(connection);
      if (status !== undefined) settle(connection, status);
    });
    // A connection that breaks with a request on it counts that request as failed.
    socket.on('close', () => {
      all.delete(connection);
      const at = idle.indexOf(connection);
      if (at !== -1) idle.splice(at, 1);
      else if (connection.due !== 0) {
        failed++;
        answered++;
      }
    });
    socket.on('error', () => undefined);
    all.add(connection);
    return connection;
  };
  const send = (due: number) => {
    const connection = idle.pop() ?? (all.size < MAX_CONNECTIONS ? open() : undefined);
    if (!connection) {
      failed++;
      answered++;
      return;
    }
    const body = options.body();
    connection.due = due;
    connection.socket.write(`${requestHead}${Buffer.byteLength(body)}\r\n\r\n${body}`);
    sent++;
  };

  const start = performance.now();
  const end = start + options.seconds * 1000;
  let due = 0;
  while (performance.now() < end) {
    const owed = Math.floor(((performance.now() - start) / 1000) * options.rate);
    for (; due < owed; due++) send(start + (due / options.rate) * 1000);
    await new Promise((resolve) => setTimeout(resolve, TICK_MS));
  }
  const elapsed = (performance.now() - start) / 1000;
  while (answered < due) await new Promise((resolve) => setTimeout(resolve, 10));
  for (const connection of all) connection.socket.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0);
  return { sent, perSecond: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), failed };
}
