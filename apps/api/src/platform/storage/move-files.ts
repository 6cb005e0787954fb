import { createHash } from 'node:crypto';
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline, Transform, type Readable } from 'node:stream';
import type { MoveEndpoint } from './move-endpoints.ts';
import { Meter } from './storage.ts';

/** A stored file as the database records it; size and SHA-256 where its table keeps them. */
export interface RecordedFile {
  key: string;
  size: number | null;
  sha256: string | null;
}

export type Outcome = 'copied' | 'skipped' | 'missing' | 'failed';

export interface MoveListener {
  planned(files: number, bytes: number): void;
  bytes(count: number): void;
  done(key: string, outcome: Outcome, size: number, reason?: string): void;
}

export interface MoveOptions {
  source: MoveEndpoint;
  target: MoveEndpoint;
  /** Every file the database records now: asked again after each pass, for files stored meanwhile. */
  listFiles(): Promise<RecordedFile[]>;
  /** Keys verified in the target by an earlier run (a file of lines `key size sha256`). */
  journalFile: string;
  /** Reads back every file already in the target instead of trusting the journal. */
  verifyAll?: boolean;
  /** Removes each source copy once its target copy is read back and verified. */
  deleteSource?: boolean;
  parallel?: number;
  /** Stops starting files; those under way finish (a kill instead loses nothing the journal has). */
  signal?: AbortSignal;
  listener?: MoveListener;
}

export interface MoveResult {
  copied: number;
  skipped: number;
  missing: string[];
  failed: { key: string; reason: string }[];
  passes: number;
  aborted: boolean;
}

const ATTEMPTS = 2;

/**
 * Copies every recorded file from source to target under the same key, verifies each copy by
 * reading it back and comparing its SHA-256, and passes again until no new file turns up.
 */
export async function moveFiles(options: MoveOptions): Promise<MoveResult> {
  const journal = await loadJournal(options.journalFile);
  const seen = new Set<string>();
  const result: MoveResult = { copied: 0, skipped: 0, missing: [], failed: [], passes: 0, aborted: false };
  for (;;) {
    const files = (await options.listFiles()).filter((file) => !seen.has(file.key));
    if (files.length === 0 || options.signal?.aborted) break;
    result.passes += 1;
    files.forEach((file) => seen.add(file.key));
    const sized = await eachLimited(files, 16, options.signal, async (file) => ({ file, size: await options.source.size(file.key) }));
    options.listener?.planned(
      sized.length,
      sized.reduce((sum, item) => sum + (item.size ?? 0), 0),
    );
    await eachLimited(sized, options.parallel ?? 4, options.signal, async ({ file, size }) => {
      const { outcome, reason } = await moveOne(options, journal, file, size).catch((error: Error) => ({
        outcome: 'failed' as const,
        reason: error.message,
      }));
      if (outcome === 'copied' || outcome === 'skipped') result[outcome] += 1;
      if (outcome === 'missing') result.missing.push(file.key);
      if (outcome === 'failed') result.failed.push({ key: file.key, reason: reason ?? 'failed' });
      options.listener?.done(file.key, outcome, size ?? 0, reason);
    });
  }
  result.aborted = options.signal?.aborted ?? false;
  return result;
}

type Verdict = { outcome: Outcome; reason?: string };

async function moveOne(options: MoveOptions, journal: Journal, file: RecordedFile, size: number | null): Promise<Verdict> {
  const { source, target } = options;
  if (size === null) return { outcome: 'missing', reason: `not in ${source.name}` };
  if (file.size !== null && file.size !== size) return { outcome: 'failed', reason: `${size} bytes in the source, ${file.size} recorded` };
  if ((await target.size(file.key)) === size) {
    const trusted = !options.verifyAll && !options.deleteSource && journal.has(file.key, size);
    const expected = trusted ? null : (file.sha256 ?? (await hashOf(source, file.key)));
    if (trusted || (await hashOf(target, file.key)) === expected) return finish(options, journal, file.key, size, expected, 'skipped');
  }
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const sent = await copy(options, file.key, size);
    if (file.sha256 && sent !== file.sha256) return { outcome: 'failed', reason: 'the source differs from its recorded SHA-256' };
    if ((await hashOf(target, file.key)) === sent) return finish(options, journal, file.key, size, sent, 'copied');
    await target.remove(file.key);
  }
  return { outcome: 'failed', reason: `the copy read back from ${target.name} differs, ${ATTEMPTS} times` };
}

async function finish(options: MoveOptions, journal: Journal, key: string, size: number, sha256: string | null, outcome: Outcome) {
  if (sha256) await journal.add(key, size, sha256);
  if (options.deleteSource) await options.source.remove(key);
  return { outcome };
}

/** Streams the source into the target and answers the SHA-256 of the bytes sent. */
async function copy(options: MoveOptions, key: string, size: number): Promise<string> {
  const stream = await options.source.read(key);
  if (!stream) throw new Error(`gone from ${options.source.name} during the move`);
  const meter = new Meter(size);
  const tally = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      options.listener?.bytes(chunk.length);
      done(null, chunk);
    },
  });
  let failure: Error | null = null;
  const body = pipeline(stream, meter, tally, (error) => (failure ??= error ?? null));
  try {
    await options.target.write(key, body, size);
  } catch (error) {
    body.destroy();
    throw failure ?? error;
  }
  if (meter.bytes !== size) throw new Error(`read ${meter.bytes} of ${size} bytes from the source`);
  return meter.sha256();
}

async function hashOf(endpoint: MoveEndpoint, key: string): Promise<string | null> {
  const stream: Readable | null = await endpoint.read(key);
  if (!stream) return null;
  const digest = createHash('sha256');
  for await (const chunk of stream) digest.update(chunk as Buffer);
  return digest.digest('hex');
}

interface Journal {
  has(key: string, size: number): boolean;
  add(key: string, size: number, sha256: string): Promise<void>;
}

/** An append-only file: a killed run loses at most its last line, which only means one more read-back. */
async function loadJournal(file: string): Promise<Journal> {
  await mkdir(path.dirname(file), { recursive: true });
  const text = await readFile(file, 'utf8').catch(() => '');
  const sizes = new Map<string, number>();
  for (const line of text.split('\n')) {
    const [key, size, sha256] = line.split(' ');
    if (key && sha256?.length === 64) sizes.set(key, Number(size));
  }
  return {
    has: (key, size) => sizes.get(key) === size,
    async add(key, size, sha256) {
      sizes.set(key, size);
      await appendFile(file, `${key} ${size} ${sha256}\n`);
    },
  };
}

/** Runs fn over items, at most limit at a time, starting none once the signal is aborted. */
async function eachLimited<T, R>(items: T[], limit: number, signal: AbortSignal | undefined, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length && !signal?.aborted) {
      const index = next++;
      results[index] = await fn(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results.filter((item) => item !== undefined);
}
