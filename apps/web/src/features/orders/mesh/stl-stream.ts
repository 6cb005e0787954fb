/**
 * STL parsing that takes the file in chunks as they arrive, so a 150 MB scan is never held whole:
 * each chunk's triangles go to `onTriangles` (9 floats each: three corners x, y, z) and are dropped.
 * Binary and ASCII STL are both read; which one a file is, is decided from its first bytes.
 */

const HEADER_BYTES = 80;
const BINARY_PREFIX = HEADER_BYTES + 4;
const BINARY_TRIANGLE_BYTES = 50;
/** Bytes looked at to tell ASCII from binary when the size does not already tell. */
const SNIFF_BYTES = 512;

export type TriangleSink = (coords: Float32Array, count: number) => void;

export interface StlStreamParser {
  push(chunk: Uint8Array): void;
  /** The file has ended; throws when it was cut short or held no triangle. */
  end(): void;
}

/**
 * Binary when the size matches the triangle count in the header (the test three.js uses too);
 * otherwise ASCII only when it starts with "solid" and the first bytes are all text, because many
 * binary exporters also begin their header with "solid".
 */
export function isBinaryStl(head: Uint8Array, totalSize: number | null): boolean {
  if (head.length >= BINARY_PREFIX && totalSize !== null) {
    const count = new DataView(head.buffer, head.byteOffset, head.byteLength).getUint32(HEADER_BYTES, true);
    if (BINARY_PREFIX + count * BINARY_TRIANGLE_BYTES === totalSize) return true;
  }
  const text = String.fromCharCode(...head.subarray(0, SNIFF_BYTES));
  if (!/^\s*solid/.test(text)) return true;
  return !/^[\t\n\r\x20-\x7e]*$/.test(text);
}

/** Joins the bytes kept from the last chunk with the new one. */
function concat(rest: Uint8Array, chunk: Uint8Array): Uint8Array {
  if (rest.length === 0) return chunk;
  const joined = new Uint8Array(rest.length + chunk.length);
  joined.set(rest);
  joined.set(chunk, rest.length);
  return joined;
}

function binaryParser(onTriangles: TriangleSink): StlStreamParser {
  let rest: Uint8Array<ArrayBufferLike> = new Uint8Array(0);
  let expected = -1;
  let seen = 0;
  return {
    push(chunk) {
      let bytes = concat(rest, chunk);
      if (expected < 0) {
        if (bytes.length < BINARY_PREFIX) {
          rest = bytes;
          return;
        }
        expected = new DataView(bytes.buffer, bytes.byteOffset).getUint32(HEADER_BYTES, true);
        bytes = bytes.subarray(BINARY_PREFIX);
      }
      // Bytes after the announced triangles (some exporters pad) are ignored.
      const count = Math.min(Math.floor(bytes.length / BINARY_TRIANGLE_BYTES), expected - seen);
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const coords = new Float32Array(count * 9);
      for (let t = 0; t < count; t++) {
        // Each triangle: a normal (ignored: recomputed from the simplified mesh), 3 corners, 2 attribute bytes.
        const at = t * BINARY_TRIANGLE_BYTES + 12;
        for (let k = 0; k < 9; k++) coords[t * 9 + k] = view.getFloat32(at + k * 4, true);
      }
      if (count > 0) onTriangles(coords, count);
      seen += count;
      rest = seen < expected ? bytes.slice(count * BINARY_TRIANGLE_BYTES) : new Uint8Array(0);
    },
    end() {
      if (expected < 0 || seen < expected) throw new Error(`The STL file is cut short: ${seen} of ${Math.max(expected, 0)} triangles.`);
      if (seen === 0) throw new Error('The STL file holds no triangles.');
    },
  };
}

function asciiParser(onTriangles: TriangleSink): StlStreamParser {
  const decoder = new TextDecoder();
  let rest = '';
  let corner: number[] = [];
  let seen = 0;
  const parseLines = (text: string) => {
    const found: number[] = [];
    for (const line of text.split('\n')) {
      const words = line.trim().split(/\s+/);
      if (words[0] !== 'vertex') continue;
      corner.push(Number(words[1]), Number(words[2]), Number(words[3]));
      if (corner.length === 9) {
        found.push(...corner);
        corner = [];
      }
    }
    if (found.length === 0) return;
    if (found.some(Number.isNaN)) throw new Error('The STL file has a vertex that is not three numbers.');
    seen += found.length / 9;
    onTriangles(Float32Array.from(found), found.length / 9);
  };
  return {
    push(chunk) {
      const text = rest + decoder.decode(chunk, { stream: true });
      const lastLine = text.lastIndexOf('\n');
      rest = text.slice(lastLine + 1);
      parseLines(text.slice(0, lastLine + 1));
    },
    end() {
      parseLines(rest + decoder.decode());
      if (seen === 0) throw new Error('The STL file holds no triangles.');
    },
  };
}

/**
 * A parser for one file of `totalSize` bytes (null when the server did not say). It keeps the
 * first bytes until it can tell the format, then hands every chunk to the binary or ASCII reader.
 */
export function createStlParser(totalSize: number | null, onTriangles: TriangleSink): StlStreamParser {
  let head: Uint8Array<ArrayBufferLike> = new Uint8Array(0);
  let inner: StlStreamParser | null = null;
  const decide = () => {
    inner = isBinaryStl(head, totalSize) ? binaryParser(onTriangles) : asciiParser(onTriangles);
    inner.push(head);
  };
  return {
    push(chunk) {
      if (inner) return inner.push(chunk);
      head = concat(head, chunk);
      if (head.length >= Math.min(SNIFF_BYTES, totalSize ?? SNIFF_BYTES)) decide();
    },
    end() {
      if (!inner) decide();
      inner!.end();
    },
  };
}
