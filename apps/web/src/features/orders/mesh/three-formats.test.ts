import { describe, expect, it } from 'vitest';
import { simplifyWithThree } from './three-formats.ts';

/** The text's bytes in this realm's ArrayBuffer (the loaders check `instanceof ArrayBuffer`; jsdom's TextEncoder answers with Node's). */
function bytes(text: string): ArrayBuffer {
  const buffer = new ArrayBuffer(text.length);
  new Uint8Array(buffer).set(Array.from(text, (char) => char.charCodeAt(0)));
  return buffer;
}

describe('PLY and OBJ for the preview', () => {
  it('reads a coloured PLY square as two triangles with its colours', () => {
    const ply = [
      'ply',
      'format ascii 1.0',
      'element vertex 4',
      'property float x',
      'property float y',
      'property float z',
      'property uchar red',
      'property uchar green',
      'property uchar blue',
      'element face 2',
      'property list uchar int vertex_indices',
      'end_header',
      '0 0 0 255 0 0',
      '1 0 0 255 0 0',
      '1 1 0 0 0 255',
      '0 1 0 0 0 255',
      '3 0 1 2',
      '3 0 2 3',
      '',
    ].join('\n');
    const mesh = simplifyWithThree(bytes(ply), 'ply', 1000);
    expect(mesh.sourceTriangles).toBe(2);
    expect(mesh.indices.length / 3).toBe(2);
    expect(mesh.positions.length / 3).toBe(4);
    expect(mesh.colors).not.toBeNull();
    expect(Math.max(...mesh.colors!)).toBeCloseTo(1);
  });

  it('reads an OBJ without colours and refuses one without faces', () => {
    const mesh = simplifyWithThree(bytes('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n'), 'obj', 1000);
    expect(mesh.indices.length / 3).toBe(1);
    expect(mesh.colors).toBeNull();
    expect(() => simplifyWithThree(bytes('v 0 0 0\n'), 'obj', 1000)).toThrow('holds no triangles');
  });
});
