import type { MoveListener, Outcome } from './move-files.ts';

const BAR_WIDTH = 24;

/**
 * What a move prints while it runs: on a terminal one bar redrawn in place, elsewhere (a log, a
 * Kubernetes Job) one plain line per interval; files that fail or are missing get a line each.
 */
export class MoveProgress implements MoveListener {
  private files = 0;
  private totalBytes = 0;
  private doneFiles = 0;
  private doneBytes = 0;
  private sentBytes = 0;
  private readonly started = Date.now();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly out: NodeJS.WritableStream & { isTTY?: boolean },
    intervalMs = out.isTTY ? 250 : 10_000,
  ) {
    this.timer = setInterval(() => this.draw(), intervalMs);
    this.timer.unref();
  }

  planned(files: number, bytes: number): void {
    this.files += files;
    this.totalBytes += bytes;
  }

  bytes(count: number): void {
    this.sentBytes += count;
  }

  done(key: string, outcome: Outcome, size: number, reason?: string): void {
    this.doneFiles += 1;
    this.doneBytes += size;
    if (outcome === 'failed' || outcome === 'missing') this.print(`${outcome}: ${key}: ${reason}`);
  }

  /** The figures now: bytes done of all, rate of the bytes actually copied, files done of all. */
  line(): string {
    const seconds = Math.max((Date.now() - this.started) / 1000, 0.001);
    const share = this.totalBytes ? this.doneBytes / this.totalBytes : this.files ? this.doneFiles / this.files : 1;
    const filled = Math.round(share * BAR_WIDTH);
    const bar = `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}]`;
    const figures = `${bytes(this.doneBytes)} of ${bytes(this.totalBytes)}  ${bytes(this.sentBytes / seconds)}/s  ${this.doneFiles} of ${this.files} files`;
    return `${bar} ${Math.floor(share * 100)}%  ${figures}`;
  }

  finish(): void {
    clearInterval(this.timer);
    this.draw();
    if (this.out.isTTY) this.out.write('\n');
  }

  private draw(): void {
    this.out.write(this.out.isTTY ? `\r\x1b[2K${this.line()}` : `${this.line()}\n`);
  }

  private print(text: string): void {
    this.out.write(this.out.isTTY ? `\r\x1b[2K${text}\n` : `${text}\n`);
  }
}

function bytes(count: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = count;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(unit ? 1 : 0)} ${units[unit]}`;
}
