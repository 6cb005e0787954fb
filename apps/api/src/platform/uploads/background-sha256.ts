import { Worker } from 'node:worker_threads';

/**
 * SHA-256 on a worker thread. On CPUs without SHA extensions (the bench machine: about 300 MB/s
 * per core) hashing on the main thread took half of an upload's time; on its own thread it runs
 * beside the socket reads and disk writes instead of between them.
 *
 * Bytes are copied into 1 MiB batches whose memory is handed to the worker and back (no second
 * copy, and no garbage for either thread's collector to find late), and at most MAX_IN_FLIGHT bytes
 * wait for it: past that, `update` makes the upload wait, so a fast client cannot fill the server's
 * memory with bytes not yet hashed.
 */
const BATCH_BYTES = 1024 * 1024;
const MAX_IN_FLIGHT = 8 * BATCH_BYTES;

// Plain JavaScript, run with `eval`: the worker needs no TypeScript loader this way.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const hashes = new Map();
parentPort.on('message', (m) => {
  if (m.op === 'update') {
    let hash = hashes.get(m.id);
    if (!hash) hashes.set(m.id, (hash = createHash('sha256')));
    hash.update(new Uint8Array(m.bytes, 0, m.length));
    parentPort.postMessage({ op: 'hashed', bytes: m.bytes, length: m.length }, [m.bytes]);
  } else if (m.op === 'digest') {
    const hash = hashes.get(m.id) ?? createHash('sha256');
    hashes.delete(m.id);
    parentPort.postMessage({ op: 'digest', id: m.id, hex: hash.digest('hex') });
  } else if (m.op === 'drop') {
    hashes.delete(m.id);
  }
});
`;

type WorkerMessage = { op: 'hashed'; bytes: ArrayBuffer; length: number } | { op: 'digest'; id: number; hex: string };

/** One worker thread and the bookkeeping of the bytes and digests it still owes. */
class HashWorker {
  private failed = false;
  private readonly worker: Worker;
  private inFlight = 0;
  /** Batches the worker gave back, for the next bytes; never more than MAX_IN_FLIGHT of them. */
  private readonly spare: Buffer[] = [];
  private roomWaiters: (() => void)[] = [];
  private readonly digests = new Map<number, (hex: string | null) => void>();

  constructor(onGone: () => void) {
    this.worker = new Worker(WORKER_SOURCE, { eval: true });
    // An idle hasher must not keep the process (or a test run) alive.
    this.worker.unref();
    this.worker.on('message', (message: WorkerMessage) => this.receive(message));
    const fail = () => {
      this.failed = true;
      onGone();
      this.release();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', fail);
  }

  emptyBatch(): Buffer {
    return this.spare.pop() ?? Buffer.allocUnsafeSlow(BATCH_BYTES);
  }

  send(id: number, batch: Buffer, length: number): Promise<void> {
    if (this.failed) return Promise.resolve();
    this.inFlight += length;
    // allocUnsafeSlow memory is never shared, so it can be transferred.
    const bytes = batch.buffer as ArrayBuffer;
    this.worker.postMessage({ op: 'update', id, bytes, length }, [bytes]);
    return this.inFlight <= MAX_IN_FLIGHT ? Promise.resolve() : new Promise((resolve) => this.roomWaiters.push(resolve));
  }

  digest(id: number): Promise<string | null> {
    if (this.failed) return Promise.resolve(null);
    return new Promise((resolve) => {
      this.digests.set(id, resolve);
      this.worker.postMessage({ op: 'digest', id });
    });
  }

  drop(id: number): void {
    if (!this.failed) this.worker.postMessage({ op: 'drop', id });
  }

  private receive(message: WorkerMessage): void {
    if (message.op === 'digest') {
      this.digests.get(message.id)?.(message.hex);
      this.digests.delete(message.id);
      return;
    }
    this.inFlight -= message.length;
    if (this.spare.length * BATCH_BYTES < MAX_IN_FLIGHT) this.spare.push(Buffer.from(message.bytes));
    if (this.inFlight <= MAX_IN_FLIGHT) this.wakeWaiters();
  }

  /** A dead worker owes nothing: uploads go on, and their digests are unknown (hashed from disk). */
  private release(): void {
    this.wakeWaiters();
    for (const resolve of this.digests.values()) resolve(null);
    this.digests.clear();
  }

  private wakeWaiters(): void {
    const waiters = this.roomWaiters;
    this.roomWaiters = [];
    for (const wake of waiters) wake();
  }
}

let shared: HashWorker | null = null;
let lastId = 0;

/** The running SHA-256 of one upload. */
export class BackgroundSha256 {
  private readonly worker: HashWorker;
  private readonly id = ++lastId;
  private batch: Buffer;
  private filled = 0;

  constructor() {
    shared ??= new HashWorker(() => (shared = null));
    this.worker = shared;
    this.batch = this.worker.emptyBatch();
  }

  /** Copies `chunk` (the caller may reuse it); resolves once the worker has room for more. */
  async update(chunk: Uint8Array): Promise<void> {
    for (let at = 0; at < chunk.length;) {
      const taken = Math.min(chunk.length - at, BATCH_BYTES - this.filled);
      this.batch.set(chunk.subarray(at, at + taken), this.filled);
      this.filled += taken;
      at += taken;
      if (this.filled === BATCH_BYTES) await this.flush();
    }
  }

  /** The hex digest of every byte given, or null if the worker died on the way; ends the hash. */
  async digest(): Promise<string | null> {
    await this.flush();
    return this.worker.digest(this.id);
  }

  /** Forgets the hash without computing it. */
  drop(): void {
    this.worker.drop(this.id);
  }

  private flush(): Promise<void> {
    if (this.filled === 0) return Promise.resolve();
    const full = this.batch;
    const length = this.filled;
    // The full batch's memory moves to the worker, so the next bytes need another one.
    this.batch = this.worker.emptyBatch();
    this.filled = 0;
    return this.worker.send(this.id, full, length);
  }
}
