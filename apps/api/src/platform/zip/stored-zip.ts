import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

/**
 * A ZIP written while it is sent: entries stored as they are (dental files are mostly
 * compressed or binary already), each file opened only when its turn comes, so memory and open
 * files stay constant however big the order. The sizes are known beforehand, so the archive's
 * exact length is too: the download gets a Content-Length and the browser a real progress bar.
 *
 * We write it ourselves rather than with yazl because yazl computes CRC-32 in JavaScript, which
 * cost about 6 s of CPU per GB (one core busy per large download); node:zlib's crc32 is native.
 *
 * Format (PKWARE APPNOTE 6.3): local header with flag 3 (CRC and sizes follow in a data
 * descriptor, as the CRC is known only after the bytes) and flag 11 (UTF-8 names); ZIP64 fields
 * only for the entries and ends that need them, since some unzip tools mishandle needless ZIP64.
 */
export interface ZipEntry {
  /** The path inside the archive, with `/` between folders. */
  name: string;
  size: number;
  mtime: Date;
  open: () => Promise<Readable>;
}

export interface ZipOptions {
  /** Sizes and offsets from this value on are written as ZIP64 (tests lower it; the format's is 0xffffffff). */
  zip64From?: number;
}

const MAX_32 = 0xffffffff;
const MAX_16 = 0xffff;
const FLAGS = (1 << 3) | (1 << 11);
const VERSION_PLAIN = 20;
const VERSION_ZIP64 = 45;
const LOCAL_HEADER = 30;
const CENTRAL_HEADER = 46;
const END_RECORD = 22;
const ZIP64_END_RECORD = 56;
const ZIP64_END_LOCATOR = 20;
/**
 * Made on Unix (host 3), spec 4.5, with a regular file's rw-r--r-- mode. Not MS-DOS: Info-ZIP's
 * unzip reads names of MS-DOS-made archives in the OEM code page even when they are flagged UTF-8.
 */
const MADE_BY = (3 << 8) | VERSION_ZIP64;
const FILE_ATTRIBUTES = (0o100644 << 16) >>> 0;

interface Placed {
  entry: ZipEntry;
  name: Buffer;
  offset: number;
  /** Its size or its offset does not fit 32 bits. */
  zip64: boolean;
  crc: number;
}

/** Where each entry starts, and the length of the whole archive. */
function layout(entries: ZipEntry[], zip64From: number): { placed: Placed[]; centralOffset: number; centralSize: number; length: number } {
  let offset = 0;
  let centralSize = 0;
  const placed = entries.map((entry) => {
    const name = Buffer.from(entry.name, 'utf8');
    const zip64 = entry.size >= zip64From || offset >= zip64From;
    const item = { entry, name, offset, zip64, crc: 0 };
    offset += LOCAL_HEADER + name.length + (zip64 ? 20 : 0) + entry.size + (zip64 ? 24 : 16);
    centralSize += CENTRAL_HEADER + name.length + centralExtra(item, zip64From).length;
    return item;
  });
  const centralOffset = offset;
  const endZip64 = needsZip64End(entries.length, centralOffset, centralSize, zip64From);
  return {
    placed,
    centralOffset,
    centralSize,
    length: centralOffset + centralSize + (endZip64 ? ZIP64_END_RECORD + ZIP64_END_LOCATOR : 0) + END_RECORD,
  };
}

const needsZip64End = (count: number, centralOffset: number, centralSize: number, zip64From: number) =>
  count >= MAX_16 || centralOffset >= zip64From || centralSize >= zip64From;

/** MS-DOS date and time, in the server's local time as unzip tools read them. */
function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.min(Math.max(date.getFullYear(), 1980), 2107);
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

function localHeader(item: Placed): Buffer {
  const header = Buffer.alloc(LOCAL_HEADER + item.name.length + (item.zip64 ? 20 : 0));
  const { time, date } = dosDateTime(item.entry.mtime);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(item.zip64 ? VERSION_ZIP64 : VERSION_PLAIN, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt16LE(time, 10);
  header.writeUInt16LE(date, 12);
  // CRC and sizes are in the data descriptor; ZIP64 marks its 32-bit size fields as "see extra".
  header.writeUInt32LE(0, 14);
  header.writeUInt32LE(item.zip64 ? MAX_32 : 0, 18);
  header.writeUInt32LE(item.zip64 ? MAX_32 : 0, 22);
  header.writeUInt16LE(item.name.length, 26);
  header.writeUInt16LE(item.zip64 ? 20 : 0, 28);
  item.name.copy(header, LOCAL_HEADER);
  if (item.zip64) {
    const extra = LOCAL_HEADER + item.name.length;
    header.writeUInt16LE(0x0001, extra);
    header.writeUInt16LE(16, extra + 2); // both sizes, zero here: the descriptor has them
  }
  return header;
}

function dataDescriptor(item: Placed): Buffer {
  const size = item.entry.size;
  const descriptor = Buffer.alloc(item.zip64 ? 24 : 16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(item.crc, 4);
  if (item.zip64) {
    descriptor.writeBigUInt64LE(BigInt(size), 8);
    descriptor.writeBigUInt64LE(BigInt(size), 16);
  } else {
    descriptor.writeUInt32LE(size, 8);
    descriptor.writeUInt32LE(size, 12);
  }
  return descriptor;
}

/** The central record's ZIP64 extra: only the values that do not fit, in the format's order. */
function centralExtra(item: Pick<Placed, 'entry' | 'offset'>, zip64From: number): Buffer {
  // Uncompressed and compressed size (the same: stored), then the local header's offset.
  const big = [
    ...(item.entry.size >= zip64From ? [item.entry.size, item.entry.size] : []),
    ...(item.offset >= zip64From ? [item.offset] : []),
  ];
  if (big.length === 0) return Buffer.alloc(0);
  const extra = Buffer.alloc(4 + 8 * big.length);
  extra.writeUInt16LE(0x0001, 0);
  extra.writeUInt16LE(8 * big.length, 2);
  big.forEach((value, i) => extra.writeBigUInt64LE(BigInt(value), 4 + 8 * i));
  return extra;
}

function centralHeader(item: Placed, zip64From: number): Buffer {
  const extra = centralExtra(item, zip64From);
  const header = Buffer.alloc(CENTRAL_HEADER + item.name.length + extra.length);
  const { time, date } = dosDateTime(item.entry.mtime);
  const sizeField = item.entry.size >= zip64From ? MAX_32 : item.entry.size;
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(MADE_BY, 4);
  header.writeUInt16LE(item.zip64 ? VERSION_ZIP64 : VERSION_PLAIN, 6);
  header.writeUInt16LE(FLAGS, 8);
  header.writeUInt16LE(0, 10);
  header.writeUInt16LE(time, 12);
  header.writeUInt16LE(date, 14);
  header.writeUInt32LE(item.crc, 16);
  header.writeUInt32LE(sizeField, 20);
  header.writeUInt32LE(sizeField, 24);
  header.writeUInt16LE(item.name.length, 28);
  header.writeUInt16LE(extra.length, 30);
  // comment length, disk and internal attributes: 0
  header.writeUInt32LE(FILE_ATTRIBUTES, 38);
  header.writeUInt32LE(item.offset >= zip64From ? MAX_32 : item.offset, 42);
  item.name.copy(header, CENTRAL_HEADER);
  extra.copy(header, CENTRAL_HEADER + item.name.length);
  return header;
}

function end(count: number, centralOffset: number, centralSize: number, zip64From: number): Buffer {
  const zip64 = needsZip64End(count, centralOffset, centralSize, zip64From);
  const parts: Buffer[] = [];
  if (zip64) {
    const record = Buffer.alloc(ZIP64_END_RECORD);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(BigInt(ZIP64_END_RECORD - 12), 4);
    record.writeUInt16LE(VERSION_ZIP64, 12);
    record.writeUInt16LE(VERSION_ZIP64, 14);
    // this disk and the central directory's disk: 0
    record.writeBigUInt64LE(BigInt(count), 24);
    record.writeBigUInt64LE(BigInt(count), 32);
    record.writeBigUInt64LE(BigInt(centralSize), 40);
    record.writeBigUInt64LE(BigInt(centralOffset), 48);
    const locator = Buffer.alloc(ZIP64_END_LOCATOR);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(centralOffset + centralSize), 8);
    locator.writeUInt32LE(1, 16);
    parts.push(record, locator);
  }
  const record = Buffer.alloc(END_RECORD);
  record.writeUInt32LE(0x06054b50, 0);
  record.writeUInt16LE(Math.min(count, MAX_16), 8);
  record.writeUInt16LE(Math.min(count, MAX_16), 10);
  record.writeUInt32LE(centralSize >= zip64From ? MAX_32 : centralSize, 12);
  record.writeUInt32LE(centralOffset >= zip64From ? MAX_32 : centralOffset, 16);
  parts.push(record);
  return Buffer.concat(parts);
}

/** An entry's bytes with their CRC-32; a file that is not the size recorded fails the archive. */
async function* entryData(item: Placed): AsyncGenerator<Buffer> {
  let crc = 0;
  let seen = 0;
  for await (const chunk of await item.entry.open()) {
    crc = crc32(chunk as Buffer, crc);
    seen += (chunk as Buffer).length;
    if (seen > item.entry.size) break;
    yield chunk as Buffer;
  }
  if (seen !== item.entry.size) throw new Error(`${item.entry.name}: ${seen} bytes where ${item.entry.size} were recorded`);
  item.crc = crc;
}

async function* archive(placed: Placed[], centralOffset: number, centralSize: number, zip64From: number): AsyncGenerator<Buffer> {
  for (const item of placed) {
    yield localHeader(item);
    yield* entryData(item);
    yield dataDescriptor(item);
  }
  yield Buffer.concat(placed.map((item) => centralHeader(item, zip64From)));
  yield end(placed.length, centralOffset, centralSize, zip64From);
}

/** The archive as a stream (read as it is consumed) and its exact length in bytes. */
export function storedZip(entries: ZipEntry[], options: ZipOptions = {}): { stream: Readable; length: number } {
  const zip64From = options.zip64From ?? MAX_32;
  const { placed, centralOffset, centralSize, length } = layout(entries, zip64From);
  return { stream: Readable.from(archive(placed, centralOffset, centralSize, zip64From), { objectMode: false }), length };
}
