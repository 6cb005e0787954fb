import { describe, expect, it } from 'vitest';
import { createStlParser, isBinaryStl } from './stl-stream.ts';

const TRIANGLES = [
  [0, 0, 0, 1, 0, 0, 0, 1, 0],
  [1, 0, 0, 1, 1, 0, 0, 1, 0],
  [0, 0, 1, 2.5, -3, 1, 0, 4, 1e-3],
];

function binaryStl(triangles: number[][], header = 'binary'): Uint8Array {
  const bytes = new Uint8Array(84 + 50 * triangles.length);
  bytes.set(new TextEncoder().encode(header));
  const view = new DataView(bytes.buffer);
  view.setUint32(80, triangles.length, true);
  triangles.forEach((corners, t) => corners.forEach((value, k) => view.setFloat32(84 + t * 50 + 12 + k * 4, value, true)));
  return bytes;
}

function asciiStl(triangles: number[][]): Uint8Array {
  const facets = triangles.map((c) =>
    [
      '  facet normal 0 0 1',
      '    outer loop',
      `      vertex ${c[0]} ${c[1]} ${c[2]}`,
      `      vertex ${c[3]} ${c[4]} ${c[5]}`,
      `\tvertex\t${c[6]}  ${c[7]} ${c[8]}`,
      '    endloop',
      '  endfacet',
    ].join('\r\n'),
  );
  return new TextEncoder().encode(`solid part\r\n${facets.join('\r\n')}\r\nendsolid part\r\n`);
}

/** Feeds `bytes` in chunks of `size` and collects the triangles the parser hands on. */
function parse(bytes: Uint8Array, size: number, totalSize: number | null = bytes.length): number[][] {
  const found: number[][] = [];
  const parser = createStlParser(totalSize, (coords, count) => {
    for (let t = 0; t < count; t++) found.push(Array.from(coords.subarray(t * 9, t * 9 + 9)));
  });
  for (let at = 0; at < bytes.length; at += size) parser.push(bytes.slice(at, at + size));
  parser.end();
  return found;
}

const asFloat32 = (triangles: number[][]) => triangles.map((t) => Array.from(Float32Array.from(t)));

describe('STL streaming parser', () => {
  it('reads binary STL in any chunking, also chunks splitting a triangle or the header', () => {
    const bytes = binaryStl(TRIANGLES);
    for (const size of [1, 7, 49, 50, 83, 84, 1000]) expect(parse(bytes, size)).toEqual(asFloat32(TRIANGLES));
  });

  it('takes a binary file whose header starts with "solid" as binary when its size says so', () => {
    const bytes = binaryStl(TRIANGLES, 'solid exported by CAD');
    expect(isBinaryStl(bytes.subarray(0, 512), bytes.length)).toBe(true);
    expect(parse(bytes, 64)).toEqual(asFloat32(TRIANGLES));
  });

  it('reads ASCII STL in any chunking, with CRLF lines and tabs', () => {
    const bytes = asciiStl(TRIANGLES);
    expect(isBinaryStl(bytes.subarray(0, 512), bytes.length)).toBe(false);
    for (const size of [1, 5, 33, 4096]) expect(parse(bytes, size)).toEqual(asFloat32(TRIANGLES));
    expect(parse(bytes, 16, null)).toEqual(asFloat32(TRIANGLES));
  });

  it('ignores bytes after the announced triangles and refuses a cut-short or empty file', () => {
    const padded = new Uint8Array([...binaryStl(TRIANGLES), 0, 0, 0, 0]);
    expect(parse(padded, 20, null)).toEqual(asFloat32(TRIANGLES));
    const whole = binaryStl(TRIANGLES);
    expect(() => parse(whole.subarray(0, whole.length - 10), 100, whole.length)).toThrow('cut short: 2 of 3 triangles');
    expect(() => parse(binaryStl([]), 100)).toThrow('no triangles');
    expect(() => parse(new TextEncoder().encode('solid empty\nendsolid empty\n'), 100)).toThrow('no triangles');
  });

  it('refuses an ASCII vertex that is not three numbers', () => {
    const bytes = new TextEncoder().encode(
      'solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 zero\nvertex 0 1 0\nendloop\nendfacet\nendsolid x\n',
    );
    expect(() => parse(bytes, 100)).toThrow('not three numbers');
  });
});
