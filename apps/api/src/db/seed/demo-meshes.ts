/**
 * Small binary STL meshes for the demo orders: a crown-like dome over a ring, built from
 * triangles so the 3D preview has something real to show. A few kilobytes each.
 */
type Vec = [number, number, number];

function normal(a: Vec, b: Vec, c: Vec): Vec {
  const u: Vec = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const v: Vec = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
  const n: Vec = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
  const length = Math.hypot(...n) || 1;
  return [n[0] / length, n[1] / length, n[2] / length];
}

function toBinaryStl(triangles: [Vec, Vec, Vec][], label: string): Buffer {
  const buffer = Buffer.alloc(84 + triangles.length * 50);
  buffer.write(label.slice(0, 79), 0, 'latin1');
  buffer.writeUInt32LE(triangles.length, 80);
  triangles.forEach((triangle, i) => {
    const offset = 84 + i * 50;
    const values = [...normal(...triangle), ...triangle[0], ...triangle[1], ...triangle[2]];
    values.forEach((value, k) => buffer.writeFloatLE(value, offset + k * 4));
  });
  return buffer;
}

/** A dome (the occlusal part) on a short cylinder (the margin), closed at the bottom. */
export function crownMesh(radius = 5, wallHeight = 4, domeHeight = 3, segments = 24, rings = 6): Buffer {
  const triangles: [Vec, Vec, Vec][] = [];
  const ring = (z: number, r: number): Vec[] =>
    Array.from({ length: segments }, (_, i) => {
      const angle = (2 * Math.PI * i) / segments;
      // A little irregularity reads as a cusp rather than a perfect sphere.
      const cusp = 1 + 0.06 * Math.cos(4 * angle) * (z / (wallHeight + domeHeight));
      return [r * cusp * Math.cos(angle), r * cusp * Math.sin(angle), z];
    });
  const layers: Vec[][] = [ring(0, radius), ring(wallHeight, radius)];
  for (let k = 1; k <= rings; k++) {
    const t = k / (rings + 1);
    layers.push(ring(wallHeight + domeHeight * Math.sin((t * Math.PI) / 2), radius * Math.cos((t * Math.PI) / 2)));
  }
  for (let l = 0; l < layers.length - 1; l++) {
    for (let i = 0; i < segments; i++) {
      const j = (i + 1) % segments;
      const [a, b, c, d] = [layers[l]![i]!, layers[l]![j]!, layers[l + 1]![i]!, layers[l + 1]![j]!];
      triangles.push([a, b, d], [a, d, c]);
    }
  }
  const top: Vec = [0, 0, wallHeight + domeHeight];
  const bottom: Vec = [0, 0, 0];
  const last = layers[layers.length - 1]!;
  for (let i = 0; i < segments; i++) {
    const j = (i + 1) % segments;
    triangles.push([last[i]!, last[j]!, top], [layers[0]![j]!, layers[0]![i]!, bottom]);
  }
  return toBinaryStl(triangles, 'CaseBridge demo crown');
}
