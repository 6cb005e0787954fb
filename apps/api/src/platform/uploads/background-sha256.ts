import { Worker } from 'node:worker_threads';

/**
 * SHA-256 on a worker thread. On CPUs without SHA extensions (the bench machine: about 300 MB/s
 * per core) hashing on the main thread took half of an upload's time; on its own thread it runs
 * beside the socket reads and disk writes instead of between them.
 *
 * Bytes are copied into 1 MiB slots of memory shared with the worker once (SharedArrayBuffer), and
 * a message names the slot: nothing is allocated or transferred per batch. (Transferred batches
 * came back as new ArrayBuffers each time, memory outside the heap that only a full collection of
 * the portal's heap frees; ADR 0018.) At most MAX_IN_FLIGHT bytes wait for the worker: past that,
 * `update` makes the upload wait, so a fast client cannot fill the server's memory with bytes not
 * yet hashed. A hash holds a slot only while it fills one; `pause` hands a part-filled slot over.
 */
const BATCH_BYTES = 1024 * 1024;
const MAX_IN_FLIGHT = 8 * BATCH_BYTES;
/** Free slots kept for the next batches; more are given back to the garbage collector. */
const SPARE_SLOTS = 8;

// Plain JavaScript, run with `eval`: the worker needs no TypeScript loader this way.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const hashes = new Map();
const slots = new Map();
parentPort.on('message', (m) => {
  if (m.op === 'slot') {
    slots.set(m.slot, new Uint8Array(m.memory));
  } else if (m.op === 'forget') {
    slots.delete(m.slot);
  } else if (m.op === 'update') {
    let hash = hashes.get(m.id);
    if (!hash) hashes.set(m.id, (hash = createHash('sha256')));
    hash.update(slots.get(m.slot).subarray(0, m.length));
    parentPort.postMessage({ op: 'hashed', slot: m.slot, length: m.length });
  } else if (m.op === 'digest') {
    const hash = hashes.get(m.id) ?? createHash('sha256');
    hashes.delete(m.id);
    parentPort.postMessage({ op: 'digest', id: m.id, hex: hash.digest('hex') });
  } else if (m.op === 'drop') {
    hashes.delete(m.id);
  }
});
`;

type WorkerMessage = { op: 'hashed'; slot: number; length: number } | { op: 'digest'; id: number; hex: string };

/** A slot: its number (the worker's name for it) and the main thread's view of its memory. */
interface Slot {
  slot: number;
  bytes: Buffer;
}

/** One worker thread and the bookkeeping of the slots, bytes and digests it still owes. */
class HashWorker {
  private failed = false;
  private readonly worker: Worker;
  private inFlight = 0;
  private lastSlot = 0;
  private readonly spare: Slot[] = [];
  /** Slots sent to the worker, by number, until it says it hashed them. */
  private readonly sent = new Map<number, Slot>();
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

  takeSlot(): Slot {
    const spare = this.spare.pop();
    if (spare) return spare;
    const memory = new SharedArrayBuffer(BATCH_BYTES);
    const slot = { slot: ++this.lastSlot, bytes: Buffer.from(memory) };
    if (!this.failed) this.worker.postMessage({ op: 'slot', slot: slot.slot, memory });
    return slot;
  }

  /** A slot nobody fills any more: kept for the next batch, or forgotten by both threads. */
  giveBack(slot: Slot): void {
    if (this.spare.length < SPARE_SLOTS) this.spare.push(slot);
    else if (!this.failed) this.worker.postMessage({ op: 'forget', slot: slot.slot });
  }

  send(id: number, slot: Slot, length: number): Promise<void> {
    if (this.failed) {
      this.giveBack(slot);
      return Promise.resolve();
    }
    this.inFlight += length;
    this.sent.set(slot.slot, slot);
    this.worker.postMessage({ op: 'update', id, slot: slot.slot, length });
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
    const slot = this.sent.get(message.slot);
    this.sent.delete(message.slot);
    if (slot) this.giveBack(slot);
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
  /** The slot being filled, if any. */
  private slot: Slot | null = null;
  private filled = 0;

  constructor() {
    shared ??= new HashWorker(() => (shared = null));
    this.worker = shared;
  }

  /** Copies `chunk` (the caller may reuse it); resolves once the worker has room for more. */
  async update(chunk: Uint8Array): Promise<void> {
    for (let at = 0; at < chunk.length;) {
      const slot = (this.slot ??= this.worker.takeSlot());
      const taken = Math.min(chunk.length - at, BATCH_BYTES - this.filled);
      slot.bytes.set(chunk.subarray(at, at + taken), this.filled);
      this.filled += taken;
      at += taken;
      if (this.filled === BATCH_BYTES) await this.pause();
    }
  }

  /**
   * Sends what was given so far, so that the hash holds no memory while it waits: between two
   * requests of an upload (RunningHashes keeps it) nothing but the digest so far is kept.
   */
  pause(): Promise<void> {
    const { slot } = this;
    if (!slot) return Promise.resolve();
    const length = this.filled;
    this.slot = null;
    this.filled = 0;
    if (length === 0) {
      this.worker.giveBack(slot);
      return Promise.resolve();
    }
    return this.worker.send(this.id, slot, length);
  }

  /** The hex digest of every byte given, or null if the worker died on the way; ends the hash. */
  async digest(): Promise<string | null> {
    await this.pause();
    return this.worker.digest(this.id);
  }

  /** Forgets the hash without computing it. */
  drop(): void {
    if (this.slot) this.worker.giveBack(this.slot);
    this.slot = null;
    this.filled = 0;
    this.worker.drop(this.id);
  }
}
