import { formatBytes } from '@casebridge/shared/format/bytes';
import type { Output } from './io.ts';

/**
 * Upload progress on stderr: on a terminal, one line redrawn in place with a bar for the current
 * file and one for the whole send; otherwise plain lines (start, every quarter, end) that read
 * well in a log.
 */
export class Progress {
  private fileLabel = '';
  private fileSize = 0;
  private fileDone = 0;
  private fileBase = 0;
  private lastQuarter = 0;
  private lastDraw = 0;
  private drawn = false;

  constructor(
    private readonly out: Output,
    private readonly totalBytes: number,
    private doneBytes: number,
  ) {}

  private get tty(): boolean {
    return Boolean(this.out.isTTY);
  }

  private overall(): number {
    return this.totalBytes === 0 ? 1 : Math.min(1, (this.doneBytes + this.fileDone - this.fileBase) / this.totalBytes);
  }

  /** `offset` bytes of the file are already on the server (a resumed upload). */
  startFile(label: string, size: number, offset: number): void {
    this.fileLabel = label;
    this.fileSize = size;
    this.fileDone = offset;
    this.fileBase = offset;
    this.doneBytes += offset;
    this.lastQuarter = Math.floor((size === 0 ? 1 : offset / size) * 4);
    const resumed = offset > 0 ? `, resuming at ${formatBytes(offset)}` : '';
    if (!this.tty) {
      this.out.write(`${label}: uploading ${formatBytes(size)}${resumed}\n`);
      return;
    }
    if (offset > 0) this.line(`${label}: resuming at ${formatBytes(offset)} of ${formatBytes(size)}`);
    this.draw(true);
  }

  /** Bytes of the current file the server holds so far. */
  update(fileBytes: number): void {
    this.fileDone = Math.min(fileBytes, this.fileSize);
    if (this.tty) {
      this.draw(false);
      return;
    }
    const quarter = Math.floor((this.fileSize === 0 ? 1 : this.fileDone / this.fileSize) * 4);
    if (quarter > this.lastQuarter && quarter < 4) {
      this.lastQuarter = quarter;
      this.out.write(
        `${this.fileLabel}: ${percent(this.fileSize === 0 ? 1 : this.fileDone / this.fileSize)} (all files: ${percent(this.overall())})\n`,
      );
    }
  }

  /** The file is done (or failed): its line, and the bar moves on. */
  endFile(message: string, counted = true): void {
    if (counted) this.doneBytes += this.fileSize - this.fileBase;
    else this.doneBytes -= this.fileBase;
    this.fileDone = 0;
    this.fileBase = 0;
    this.fileSize = 0;
    this.line(`${this.fileLabel}: ${message} (all files: ${percent(this.overall())})`);
  }

  /** A file found complete without uploading: counts as done. */
  skipFile(label: string, size: number, message: string): void {
    this.doneBytes += size;
    this.line(`${label}: ${message} (all files: ${percent(this.overall())})`);
  }

  /** A line between redraws (a note or warning), keeping the bar below it. */
  line(text: string): void {
    if (this.tty && this.drawn) this.out.write('\r\x1b[K');
    this.out.write(`${text}\n`);
    this.drawn = false;
  }

  finish(): void {
    if (this.tty && this.drawn) this.out.write('\r\x1b[K');
    this.drawn = false;
  }

  private draw(force: boolean): void {
    const now = Date.now();
    if (!force && now - this.lastDraw < 80 && this.fileDone < this.fileSize) return;
    this.lastDraw = now;
    const file = this.fileSize === 0 ? 1 : this.fileDone / this.fileSize;
    const columns = this.out.columns ?? 80;
    const tail = ` ${bar(file, 20)} ${percent(file)} ${formatBytes(this.fileDone)}/${formatBytes(this.fileSize)}  all ${bar(this.overall(), 12)} ${percent(this.overall())}`;
    const room = Math.max(8, columns - tail.length - 1);
    const label = this.fileLabel.length > room ? `…${this.fileLabel.slice(-(room - 1))}` : this.fileLabel;
    this.out.write(`\r\x1b[K${label}${tail}`);
    this.drawn = true;
  }
}

function bar(fraction: number, width: number): string {
  const filled = Math.round(Math.max(0, Math.min(1, fraction)) * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`;
}

function percent(fraction: number): string {
  return `${Math.floor(fraction * 100)}%`;
}
