import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * The one way the portal fetches a URL a user typed (DESIGN §4a: a dealer's components base URL,
 * a DynamicUrl configuration). Such a URL must not become a way into our own network (SSRF):
 *
 * - only http and https;
 * - never a loopback, private, carrier-grade NAT, link-local (cloud metadata at 169.254.169.254),
 *   multicast or reserved address, whether written as a literal or reached through DNS. The check
 *   runs inside the socket's own lookup, so the address that is checked is the one connected to:
 *   a name that resolves differently a moment later (DNS rebinding) gains nothing;
 * - redirects are followed by hand, each target checked like the first URL;
 * - one timeout for the whole fetch, redirects included, and a size cap counted while reading.
 *
 * `allowedHosts` (setting OUTBOUND_ALLOWED_HOSTS) names hosts that may be internal, for a
 * components server inside the operator's network and for tests with a local server.
 */

export interface SafeFetchOptions {
  allowedHosts: readonly string[];
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  accept?: string;
}

export interface SafeFetchResult {
  status: number;
  contentType: string;
  body: Buffer;
  /** The URL finally answered, after redirects. */
  url: string;
}

export type SafeFetchFailure = 'protocol' | 'address' | 'redirects' | 'size' | 'timeout' | 'status' | 'network' | 'url';

export class SafeFetchError extends Error {
  constructor(
    readonly reason: SafeFetchFailure,
    message: string,
  ) {
    super(message);
  }
}

export const DEFAULT_TIMEOUT_MS = 5000;
export const DEFAULT_MAX_BYTES = 1024 * 1024;
const DEFAULT_MAX_REDIRECTS = 3;

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
  ['2001:db8::', 32], // documentation
  ['100::', 64], // discard
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** An IPv4 address carried inside an IPv6 one (mapped, compatible, NAT64, 6to4), if any. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const words = expandIpv6(lower);
  if (!words) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  // ::ffff:a.b.c.d written in hex, ::a.b.c.d (deprecated compatible), 64:ff9b::/96 (NAT64).
  if (words.slice(0, 5).every((w) => w === 0) && (words[5] === 0xffff || words[5] === 0))
    return words[6] === 0 && words[7]! <= 1 ? null : v4(words[6]!, words[7]!);
  if (words[0] === 0x64 && words[1] === 0xff9b && words.slice(2, 6).every((w) => w === 0)) return v4(words[6]!, words[7]!);
  if (words[0] === 0x2002) return v4(words[1]!, words[2]!); // 6to4
  return null;
}

function expandIpv6(address: string): number[] | null {
  const [head, tail, ...rest] = address.split('::');
  if (rest.length > 0) return null;
  const parse = (part: string | undefined) => (part ? part.split(':').map((word) => parseInt(word, 16)) : []);
  const first = parse(head);
  const last = tail === undefined ? [] : parse(tail);
  if ([...first, ...last].some((word) => Number.isNaN(word) || word > 0xffff)) return null;
  const missing = 8 - first.length - last.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return null;
  return [...first, ...new Array<number>(missing).fill(0), ...last];
}

/** Whether an IP address is one a dealer-given URL must never reach. */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const inner = embeddedIpv4(address);
  if (inner !== null) return blocked.check(inner, 'ipv4');
  return blocked.check(address, 'ipv6');
}

function hostAllowed(hostname: string, allowedHosts: readonly string[]): boolean {
  const bare = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return allowedHosts.some((host) => host.replace(/^\[|\]$/g, '') === bare);
}

/** A socket lookup that refuses a name if any of its addresses is internal. */
function guardedLookup(): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 4);
      const bad = addresses.find((entry) => isInternalAddress(entry.address));
      if (bad || addresses.length === 0) {
        return callback(new SafeFetchError('address', `${hostname} resolves to an address that is not allowed`), '', 4);
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

function checkUrl(raw: string | URL, allowedHosts: readonly string[]): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SafeFetchError('url', 'Not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new SafeFetchError('protocol', 'Only http and https URLs can be fetched');
  if (url.username || url.password) throw new SafeFetchError('url', 'URLs with credentials are not fetched');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // An address literal never reaches the lookup, so it is checked here.
  if (isIP(host) && isInternalAddress(host) && !hostAllowed(host, allowedHosts))
    throw new SafeFetchError('address', `${host} is not an allowed address`);
  return url;
}

/** Fetches `url` with GET under the rules above; any failure is a SafeFetchError. */
export async function safeFetch(url: string, options: SafeFetchOptions): Promise<SafeFetchResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    let current = checkUrl(url, options.allowedHosts);
    for (let hop = 0; ; hop += 1) {
      const response = await request(current, options, controller.signal);
      const location = response.headers.location;
      if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400 && location) {
        response.resume();
        if (hop >= maxRedirects) throw new SafeFetchError('redirects', 'Too many redirects');
        current = checkUrl(new URL(location, current), options.allowedHosts);
        continue;
      }
      const body = await readCapped(response, maxBytes, controller.signal);
      const status = response.statusCode ?? 0;
      if (status < 200 || status >= 300) throw new SafeFetchError('status', `The server answered ${status}`);
      return { status, contentType: String(response.headers['content-type'] ?? ''), body, url: current.toString() };
    }
  } catch (error) {
    if (controller.signal.aborted) throw new SafeFetchError('timeout', `No answer within ${timeoutMs} ms`);
    if (error instanceof SafeFetchError) throw error;
    // The lookup's refusal arrives wrapped by the socket.
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof SafeFetchError) throw cause;
    throw new SafeFetchError('network', 'The server could not be reached');
  } finally {
    clearTimeout(timer);
  }
}

function request(url: URL, options: SafeFetchOptions, signal: AbortSignal): Promise<IncomingMessage> {
  const allowed = hostAllowed(url.hostname, options.allowedHosts);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, {
      method: 'GET',
      signal,
      headers: { accept: options.accept ?? 'application/json', 'user-agent': 'CaseBridge' },
      // An allowed host is looked up as usual; every other name goes through the guard.
      ...(allowed ? {} : { lookup: guardedLookup() }),
      // No keep-alive agent: a pooled socket would skip the lookup of a later request.
      agent: false,
    });
    req.on('response', resolve);
    req.on('error', (error) =>
      reject(error instanceof SafeFetchError ? error : Object.assign(new Error(error.message), { cause: findGuardError(error) })),
    );
    req.end();
  });
}

function findGuardError(error: unknown): unknown {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    if (current instanceof SafeFetchError) return current;
    // Happy-eyeballs connects report AggregateErrors.
    const inner = (current as { errors?: unknown[] }).errors?.find((e) => e instanceof SafeFetchError);
    if (inner) return inner;
    current = (current as { cause?: unknown }).cause;
  }
  return error;
}

async function readCapped(response: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new SafeFetchError('size', `The answer is larger than ${maxBytes} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    if (signal.aborted) break;
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      response.destroy();
      throw new SafeFetchError('size', `The answer is larger than ${maxBytes} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
