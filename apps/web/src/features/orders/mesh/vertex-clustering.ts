/**
 * Mesh simplification by vertex clustering: space is cut into cubic cells, every corner that falls
 * into a cell becomes that cell's one vertex (the mean of its corners), and triangles whose corners
 * share a cell vanish. Triangles are added as they are parsed; memory stays bounded because the
 * cells start tiny (merging only corners that are the same point, so a small mesh keeps all its
 * detail) and double in size whenever the vertex or triangle budget would be exceeded.
 */

export interface SimplifiedMesh {
  positions: Float32Array;
  normals: Float32Array;
  indices: Uint32Array;
  /** Per-vertex RGB in 0…1 when the source had colours (PLY scans). */
  colors: Float32Array | null;
  /** Triangles read from the file, to say how much was simplified. */
  sourceTriangles: number;
}

/** Cells of an integer grid (x, y, z) or triangles (a, b, c) to small ids: open addressing on three int32 keys. */
class TripleTable {
  private keys: Int32Array;
  private values: Int32Array;
  private readonly mask: number;

  constructor(capacity: number) {
    let size = 1024;
    while (size < capacity * 2) size *= 2;
    this.keys = new Int32Array(size * 3);
    this.values = new Int32Array(size).fill(-1);
    this.mask = size - 1;
  }

  /** The id stored for (a, b, c), or `next` after storing it there. */
  idOf(a: number, b: number, c: number, next: number): number {
    let slot = (Math.imul(a, 73856093) ^ Math.imul(b, 19349663) ^ Math.imul(c, 83492791)) & this.mask;
    for (;;) {
      const value = this.values[slot]!;
      if (value < 0) {
        this.keys[slot * 3] = a;
        this.keys[slot * 3 + 1] = b;
        this.keys[slot * 3 + 2] = c;
        this.values[slot] = next;
        return next;
      }
      if (this.keys[slot * 3] === a && this.keys[slot * 3 + 1] === b && this.keys[slot * 3 + 2] === c) return value;
      slot = (slot + 1) & this.mask;
    }
  }

  clear(): void {
    this.values.fill(-1);
  }
}

/** Cell coordinates must stay well inside int32; beyond that the cells are made larger. */
const MAX_CELL_INDEX = 2 ** 30;
/** The first cell size, relative to the first triangles' extent: only corners at one point merge. */
const INITIAL_CELL_FRACTION = 1e-6;

export class VertexClustering {
  private cell = 0;
  private originX = 0;
  private originY = 0;
  private originZ = 0;
  private vertexCount = 0;
  private triangleCount = 0;
  private sourceTriangles = 0;
  private readonly sums: Float64Array;
  private readonly counts: Uint32Array;
  private readonly colorSums: Float64Array | null;
  private readonly triangles: Int32Array;
  private readonly cells: TripleTable;
  private readonly faces: TripleTable;

  constructor(
    private readonly maxVertices: number,
    withColors = false,
    private readonly maxTriangles = maxVertices * 2,
  ) {
    this.sums = new Float64Array(maxVertices * 3);
    this.counts = new Uint32Array(maxVertices);
    this.colorSums = withColors ? new Float64Array(maxVertices * 3) : null;
    this.triangles = new Int32Array(maxTriangles * 3);
    this.cells = new TripleTable(maxVertices);
    this.faces = new TripleTable(maxTriangles);
  }

  /**
   * `count` triangles, 9 floats each; `colors` (9 floats each, 0…1) only when made `withColors`.
   * Triangles with a corner that is not a number are left out.
   */
  add(coords: Float32Array, count: number, colors?: Float32Array): void {
    if (this.cell === 0) this.start(coords, count);
    for (let t = 0; t < count; t++) {
      const base = t * 9;
      if (!isFiniteTriangle(coords, base)) continue;
      if (this.vertexCount + 3 > this.maxVertices || this.triangleCount + 1 > this.maxTriangles) this.coarsen();
      // A corner too far out for the cell grid: larger cells until it fits.
      while (!this.reaches(coords, base)) this.coarsen(true);
      const a = this.vertexOf(coords, base, colors);
      const b = this.vertexOf(coords, base + 3, colors);
      const c = this.vertexOf(coords, base + 6, colors);
      this.addFace(a, b, c);
    }
    this.sourceTriangles += count;
  }

  result(): SimplifiedMesh {
    const positions = new Float32Array(this.vertexCount * 3);
    const colors = this.colorSums ? new Float32Array(this.vertexCount * 3) : null;
    for (let v = 0; v < this.vertexCount; v++) {
      for (let k = 0; k < 3; k++) {
        positions[v * 3 + k] = this.sums[v * 3 + k]! / this.counts[v]!;
        if (colors) colors[v * 3 + k] = this.colorSums![v * 3 + k]! / this.counts[v]!;
      }
    }
    const indices = Uint32Array.from(this.triangles.subarray(0, this.triangleCount * 3));
    return { positions, normals: vertexNormals(positions, indices), indices, colors, sourceTriangles: this.sourceTriangles };
  }

  /** The grid's origin and first cell size, from the first triangles' extent. */
  private start(coords: Float32Array, count: number): void {
    let extent = 0;
    for (let k = 0; k < 3; k++) {
      let min = Infinity;
      let max = -Infinity;
      for (let i = k; i < count * 9; i += 3) {
        min = Math.min(min, coords[i]!);
        max = Math.max(max, coords[i]!);
      }
      extent = Math.max(extent, max - min);
    }
    [this.originX, this.originY, this.originZ] = [coords[0]!, coords[1]!, coords[2]!];
    this.cell = (extent > 0 && Number.isFinite(extent) ? extent : 1) * INITIAL_CELL_FRACTION;
  }

  private cellIndex(value: number, origin: number): number {
    return Math.floor((value - origin) / this.cell);
  }

  /** Whether the cell grid's int32 coordinates reach all three corners of the triangle at `base`. */
  private reaches(coords: Float32Array, base: number): boolean {
    for (let k = 0; k < 9; k++) {
      const origin = k % 3 === 0 ? this.originX : k % 3 === 1 ? this.originY : this.originZ;
      if (Math.abs(this.cellIndex(coords[base + k]!, origin)) >= MAX_CELL_INDEX) return false;
    }
    return true;
  }

  /** The vertex id of the corner at `coords[at…at+2]`, adding it to its cell's mean. */
  private vertexOf(coords: Float32Array, at: number, colors?: Float32Array): number {
    const x = coords[at]!;
    const y = coords[at + 1]!;
    const z = coords[at + 2]!;
    const id = this.cells.idOf(
      this.cellIndex(x, this.originX),
      this.cellIndex(y, this.originY),
      this.cellIndex(z, this.originZ),
      this.vertexCount,
    );
    if (id === this.vertexCount) this.vertexCount++;
    this.sums[id * 3] = this.sums[id * 3]! + x;
    this.sums[id * 3 + 1] = this.sums[id * 3 + 1]! + y;
    this.sums[id * 3 + 2] = this.sums[id * 3 + 2]! + z;
    this.counts[id] = this.counts[id]! + 1;
    if (this.colorSums && colors) for (let k = 0; k < 3; k++) this.colorSums[id * 3 + k] = this.colorSums[id * 3 + k]! + colors[at + k]!;
    return id;
  }

  /** Keeps the triangle unless two corners merged or it is already there (same corners, same winding). */
  private addFace(a: number, b: number, c: number): void {
    if (a === b || b === c || a === c) return;
    // The same triangle starting at its smallest id, so rotations of it are found as one.
    let p = a;
    let q = b;
    let r = c;
    if (b < a && b < c) [p, q, r] = [b, c, a];
    else if (c < a && c < b) [p, q, r] = [c, a, b];
    if (this.faces.idOf(p, q, r, this.triangleCount) !== this.triangleCount) return;
    const at = this.triangleCount * 3;
    this.triangles[at] = p;
    this.triangles[at + 1] = q;
    this.triangles[at + 2] = r;
    this.triangleCount++;
  }

  /**
   * Doubles the cell size until at most half the budgets are used: each vertex moves to the cell of
   * its mean, vertices sharing a cell merge (in place: a merged id is never above the old one), and
   * the triangles are renumbered, losing those that collapsed. `once` for a single doubling.
   */
  private coarsen(once = false): void {
    do {
      this.cell *= 2;
      const remap = new Int32Array(this.vertexCount);
      const oldCount = this.vertexCount;
      this.cells.clear();
      this.vertexCount = 0;
      for (let v = 0; v < oldCount; v++) {
        const n = this.counts[v]!;
        const ix = this.cellIndex(this.sums[v * 3]! / n, this.originX);
        const iy = this.cellIndex(this.sums[v * 3 + 1]! / n, this.originY);
        const iz = this.cellIndex(this.sums[v * 3 + 2]! / n, this.originZ);
        const id = this.cells.idOf(ix, iy, iz, this.vertexCount);
        remap[v] = id;
        if (id === this.vertexCount) {
          this.vertexCount++;
          this.moveVertex(v, id);
        } else this.mergeVertex(v, id);
      }
      // The slots the merging freed start again from nothing for the vertices still to come.
      this.counts.fill(0, this.vertexCount, oldCount);
      this.sums.fill(0, this.vertexCount * 3, oldCount * 3);
      this.colorSums?.fill(0, this.vertexCount * 3, oldCount * 3);
      const oldTriangles = this.triangleCount;
      this.faces.clear();
      this.triangleCount = 0;
      for (let t = 0; t < oldTriangles; t++) {
        this.addFace(remap[this.triangles[t * 3]!]!, remap[this.triangles[t * 3 + 1]!]!, remap[this.triangles[t * 3 + 2]!]!);
      }
    } while (!once && (this.vertexCount * 2 > this.maxVertices || this.triangleCount * 2 > this.maxTriangles));
  }

  private moveVertex(from: number, to: number): void {
    if (from === to) return;
    this.counts[to] = this.counts[from]!;
    for (let k = 0; k < 3; k++) {
      this.sums[to * 3 + k] = this.sums[from * 3 + k]!;
      if (this.colorSums) this.colorSums[to * 3 + k] = this.colorSums[from * 3 + k]!;
    }
  }

  private mergeVertex(from: number, into: number): void {
    this.counts[into] = this.counts[into]! + this.counts[from]!;
    for (let k = 0; k < 3; k++) {
      this.sums[into * 3 + k] = this.sums[into * 3 + k]! + this.sums[from * 3 + k]!;
      if (this.colorSums) this.colorSums[into * 3 + k] = this.colorSums[into * 3 + k]! + this.colorSums[from * 3 + k]!;
    }
  }
}

function isFiniteTriangle(coords: Float32Array, base: number): boolean {
  let sum = 0;
  for (let k = 0; k < 9; k++) sum += coords[base + k]!;
  return Number.isFinite(sum);
}

/** Smooth normals: each vertex gets the sum of its triangles' area-weighted normals, made unit length. */
export function vertexNormals(positions: Float32Array, indices: Uint32Array): Float32Array {
  const normals = new Float32Array(positions.length);
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t]! * 3;
    const b = indices[t + 1]! * 3;
    const c = indices[t + 2]! * 3;
    const ux = positions[b]! - positions[a]!;
    const uy = positions[b + 1]! - positions[a + 1]!;
    const uz = positions[b + 2]! - positions[a + 2]!;
    const vx = positions[c]! - positions[a]!;
    const vy = positions[c + 1]! - positions[a + 1]!;
    const vz = positions[c + 2]! - positions[a + 2]!;
    const nx = uy * vz - uz * vy;
    const ny = uz * vx - ux * vz;
    const nz = ux * vy - uy * vx;
    for (let corner = 0; corner < 3; corner++) {
      const v = indices[t + corner]! * 3;
      normals[v] = normals[v]! + nx;
      normals[v + 1] = normals[v + 1]! + ny;
      normals[v + 2] = normals[v + 2]! + nz;
    }
  }
  for (let v = 0; v < normals.length; v += 3) {
    const length = Math.hypot(normals[v]!, normals[v + 1]!, normals[v + 2]!) || 1;
    normals[v] = normals[v]! / length;
    normals[v + 1] = normals[v + 1]! / length;
    normals[v + 2] = normals[v + 2]! / length;
  }
  return normals;
}
