import { describe, expect, it } from 'vitest';
import { vertexNormals, VertexClustering } from './vertex-clustering.ts';

/** A height field of n × n quads on the unit square, as STL has it: 9 floats per triangle, corners repeated. */
function grid(n: number): Float32Array {
  const coords: number[] = [];
  const z = (x: number, y: number) => 0.1 * Math.sin(6 * x) * Math.cos(5 * y);
  const corner = (i: number, j: number) => [i / n, j / n, z(i / n, j / n)];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      coords.push(...corner(i, j), ...corner(i + 1, j), ...corner(i + 1, j + 1));
      coords.push(...corner(i, j), ...corner(i + 1, j + 1), ...corner(i, j + 1));
    }
  }
  return Float32Array.from(coords);
}

function bounds(positions: Float32Array) {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i++) {
    min[i % 3] = Math.min(min[i % 3]!, positions[i]!);
    max[i % 3] = Math.max(max[i % 3]!, positions[i]!);
  }
  return { min, max };
}

describe('vertex clustering', () => {
  it('keeps a mesh within the budget whole, only joining the repeated corners', () => {
    const coords = grid(10);
    const clustering = new VertexClustering(1000);
    clustering.add(coords.subarray(0, 9 * 50), 50);
    clustering.add(coords.subarray(9 * 50), 150);
    const mesh = clustering.result();
    expect(mesh.sourceTriangles).toBe(200);
    expect(mesh.indices.length / 3).toBe(200);
    expect(mesh.positions.length / 3).toBe(11 * 11);
    // Every triangle's corners are the original ones, in the original winding.
    expect(Array.from(mesh.positions.subarray(mesh.indices[0]! * 3, mesh.indices[0]! * 3 + 3))).toEqual(Array.from(coords.subarray(0, 3)));
    expect(Array.from(mesh.positions.subarray(mesh.indices[1]! * 3, mesh.indices[1]! * 3 + 3))).toEqual(Array.from(coords.subarray(3, 6)));
  });

  it('simplifies a mesh over the budget to within it, keeping its shape and extent', () => {
    const coords = grid(200);
    const clustering = new VertexClustering(2000);
    for (let t = 0; t < 80_000; t += 1000) clustering.add(coords.subarray(t * 9, (t + 1000) * 9), 1000);
    const mesh = clustering.result();
    expect(mesh.sourceTriangles).toBe(80_000);
    const vertices = mesh.positions.length / 3;
    expect(vertices).toBeLessThanOrEqual(2000);
    expect(vertices).toBeGreaterThan(2000 / 8);
    expect(mesh.indices.length / 3).toBeLessThanOrEqual(4000);
    expect(mesh.indices.length / 3).toBeGreaterThan(vertices);
    expect(Math.max(...mesh.indices)).toBeLessThan(vertices);
    const { min, max } = bounds(mesh.positions);
    // A cell's vertex is the mean of its corners, so the edges move in by up to half a cell.
    for (const k of [0, 1]) {
      expect(min[k]).toBeLessThan(0.1);
      expect(max[k]).toBeGreaterThan(0.9);
    }
    // The surface's normals still point up (z), not scrambled by the merging.
    for (let v = 0; v < vertices; v++) expect(mesh.normals[v * 3 + 2]).toBeGreaterThan(0.5);
  });

  it('leaves out triangles with corners that are not numbers, and copes with far-away corners', () => {
    const clustering = new VertexClustering(100);
    clustering.add(Float32Array.from([0, 0, 0, 1e-3, 0, 0, 0, 1e-3, 0, NaN, 0, 0, 1, 0, 0, 0, 1, 0]), 2);
    clustering.add(Float32Array.from([0, 0, 0, 1e30, 0, 0, 0, 1e30, 0]), 1);
    const mesh = clustering.result();
    expect(mesh.sourceTriangles).toBe(3);
    expect(mesh.indices.length / 3).toBeGreaterThanOrEqual(1);
    expect(mesh.positions.every(Number.isFinite)).toBe(true);
    expect(Math.max(...mesh.positions)).toBeGreaterThan(1e29);
  });

  it('averages colours of merged corners', () => {
    const clustering = new VertexClustering(10, true);
    const coords = Float32Array.from([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, -1, 0, 0]);
    const colors = Float32Array.from([1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1]);
    clustering.add(coords, 2, colors);
    const mesh = clustering.result();
    expect(mesh.positions.length / 3).toBe(4);
    // The origin is a corner of both triangles: red and blue average to purple.
    expect(Array.from(mesh.colors!.subarray(0, 3))).toEqual([0.5, 0, 0.5]);
  });

  it('computes unit normals facing the winding', () => {
    const normals = vertexNormals(Float32Array.from([0, 0, 0, 2, 0, 0, 0, 2, 0]), Uint32Array.from([0, 1, 2]));
    expect(Array.from(normals)).toEqual([0, 0, 1, 0, 0, 1, 0, 0, 1]);
  });
});
