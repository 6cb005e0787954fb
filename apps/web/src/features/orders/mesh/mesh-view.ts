/**
 * The three.js part of the 3D preview, run in the preview worker on the canvas the page handed
 * over (OffscreenCanvas): creating the WebGL context, compiling shaders and drawing never block
 * the page, which matters most where WebGL runs in software. Loaded through `import()`, so three.js
 * is fetched only when somebody opens a preview.
 */
import {
  AmbientLight,
  BufferAttribute,
  BufferGeometry,
  Color,
  DirectionalLight,
  DoubleSide,
  Mesh,
  MeshLambertMaterial,
  PerspectiveCamera,
  Scene,
  WebGLRenderer,
} from 'three';
import { applyOrbitInput, cameraPosition, FIELD_OF_VIEW, initialOrbit, type OrbitInput } from './orbit.ts';
import type { ViewSize } from './preview-protocol.ts';
import type { SimplifiedMesh } from './vertex-clustering.ts';

const MATERIAL_COLOR = 0xd9d4c7;

export interface MeshView {
  resize(size: ViewSize): void;
  input(input: OrbitInput): void;
}

function geometryOf(simplified: SimplifiedMesh): BufferGeometry {
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(simplified.positions, 3));
  geometry.setAttribute('normal', new BufferAttribute(simplified.normals, 3));
  if (simplified.colors) geometry.setAttribute('color', new BufferAttribute(simplified.colors, 3));
  geometry.setIndex(new BufferAttribute(simplified.indices, 1));
  return geometry;
}

/** A triangle with what an STL mesh has, to compile the shaders before the real mesh is there. */
const PLACEHOLDER: SimplifiedMesh = {
  positions: new Float32Array(9),
  normals: new Float32Array(9),
  indices: Uint32Array.from([0, 1, 2]),
  colors: null,
  sourceTriangles: 1,
};

/**
 * Sets up WebGL on the canvas and compiles the shaders (the slow part without a graphics card)
 * while the file is still loading; `show` then draws the mesh centred and resolves once the first
 * frame is drawn.
 */
export async function prepareMeshView(canvas: OffscreenCanvas, size: ViewSize): Promise<{ show(simplified: SimplifiedMesh): MeshView }> {
  const renderer = new WebGLRenderer({ canvas, antialias: true });
  const scene = new Scene();
  scene.background = new Color(0xf4f5f7);
  // Lambert rather than physically based shading: it compiles and draws several times faster in
  // software WebGL, and a scan has no metal to show. Merging vertices can turn a triangle's
  // winding, so both sides are drawn and none shows as a hole.
  const material = new MeshLambertMaterial({ color: MATERIAL_COLOR, side: DoubleSide });
  const mesh = new Mesh(geometryOf(PLACEHOLDER), material);
  scene.add(mesh);
  const camera = new PerspectiveCamera(FIELD_OF_VIEW, 1, 0.1, 1000);
  scene.add(new AmbientLight(0xffffff, 0.9));
  // The light sits with the camera, so the side one looks at is always lit.
  const key = new DirectionalLight(0xffffff, 1.6);
  key.position.set(1, 1.5, 2);
  camera.add(key);
  scene.add(camera);

  let height = size.height;
  const resize = (next: ViewSize) => {
    height = next.height;
    renderer.setPixelRatio(Math.min(next.pixelRatio, 2));
    renderer.setSize(next.width, next.height, false);
    camera.aspect = next.width / next.height;
    camera.updateProjectionMatrix();
  };
  resize(size);
  await renderer.compileAsync(scene, camera);

  return {
    show(simplified) {
      mesh.geometry.dispose();
      mesh.geometry = geometryOf(simplified);
      if (simplified.colors) {
        // Scans with colours (PLY) show them; this compiles one more shader, here in the worker.
        material.color.set(0xffffff);
        material.vertexColors = true;
        material.needsUpdate = true;
      }
      mesh.geometry.computeBoundingSphere();
      const sphere = mesh.geometry.boundingSphere!;
      mesh.position.copy(sphere.center).negate();
      const radius = sphere.radius || 1;
      camera.near = radius / 100;
      camera.far = radius * 100;
      camera.updateProjectionMatrix();

      let orbit = initialOrbit(radius, camera.aspect);
      let pending = false;
      const draw = () => {
        pending = false;
        camera.position.set(...cameraPosition(orbit));
        camera.lookAt(...orbit.target);
        renderer.render(scene, camera);
      };
      // Pointer moves come faster than frames: one frame for all that arrived meanwhile.
      const requestDraw = () => {
        if (pending) return;
        pending = true;
        requestAnimationFrame(draw);
      };
      draw();
      return {
        resize(next) {
          resize(next);
          requestDraw();
        },
        input(input) {
          orbit = applyOrbitInput(orbit, input, height, radius);
          requestDraw();
        },
      };
    },
  };
}
