/**
 * PLY and OBJ through three.js's loaders (loaded only in the worker, only for these formats); their
 * triangles then go through the same simplification as STL.
 */
import { Mesh, type BufferGeometry, type Object3D } from 'three';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import { PLYLoader } from 'three/examples/jsm/loaders/PLYLoader.js';
import { VertexClustering, type SimplifiedMesh } from './vertex-clustering.ts';

function geometriesOf(object: Object3D): BufferGeometry[] {
  const found: BufferGeometry[] = [];
  object.traverse((child) => {
    if (child instanceof Mesh) found.push(child.geometry as BufferGeometry);
  });
  return found;
}

/** The geometry's triangles as corner coordinates (and colours), 9 floats per triangle. */
function trianglesOf(geometry: BufferGeometry, name: 'position' | 'color'): Float32Array {
  const flat = geometry.index ? geometry.toNonIndexed() : geometry;
  const attribute = flat.getAttribute(name);
  const values = new Float32Array(attribute.count * 3);
  for (let i = 0; i < attribute.count; i++) {
    values[i * 3] = attribute.getX(i);
    values[i * 3 + 1] = attribute.getY(i);
    values[i * 3 + 2] = attribute.getZ(i);
  }
  return values;
}

export function simplifyWithThree(bytes: ArrayBuffer, format: 'ply' | 'obj', maxVertices: number): SimplifiedMesh {
  const geometries =
    format === 'ply' ? [new PLYLoader().parse(bytes)] : geometriesOf(new OBJLoader().parse(new TextDecoder().decode(bytes)));
  const withColors = geometries.every((geometry) => geometry.hasAttribute('color'));
  const clustering = new VertexClustering(maxVertices, withColors);
  for (const geometry of geometries) {
    const coords = trianglesOf(geometry, 'position');
    clustering.add(coords, coords.length / 9, withColors ? trianglesOf(geometry, 'color') : undefined);
  }
  const mesh = clustering.result();
  if (mesh.indices.length === 0) throw new Error(`The ${format.toUpperCase()} file holds no triangles.`);
  return mesh;
}
