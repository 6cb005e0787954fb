/**
 * The three.js part of the 3D preview. Only ever loaded through `import()`, so three.js stays
 * out of the main bundle and is fetched the first time somebody opens a preview.
 */
import {
  AmbientLight,
  Box3,
  BufferGeometry,
  Color,
  DirectionalLight,
  Group,
  Mesh,
  MeshStandardMaterial,
  PerspectiveCamera,
  Scene,
  Sphere,
  Vector3,
  WebGLRenderer,
  type Object3D,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import { PLYLoader } from 'three/examples/jsm/loaders/PLYLoader.js';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';

export type MeshFormat = 'stl' | 'ply' | 'obj';

const MATERIAL_COLOR = 0xd9d4c7;

function meshOf(geometry: BufferGeometry): Mesh {
  if (!geometry.getAttribute('normal')) geometry.computeVertexNormals();
  const material = new MeshStandardMaterial({
    color: geometry.getAttribute('color') ? 0xffffff : MATERIAL_COLOR,
    vertexColors: Boolean(geometry.getAttribute('color')),
    metalness: 0.05,
    roughness: 0.6,
    flatShading: false,
  });
  return new Mesh(geometry, material);
}

/** Parses the file's bytes; STL may be binary or ASCII (the loader tells them apart). */
export function parseMesh(bytes: ArrayBuffer, format: MeshFormat): Object3D {
  switch (format) {
    case 'stl':
      return meshOf(new STLLoader().parse(bytes));
    case 'ply':
      return meshOf(new PLYLoader().parse(bytes));
    case 'obj': {
      const group: Group = new OBJLoader().parse(new TextDecoder().decode(bytes));
      group.traverse((child) => {
        if (child instanceof Mesh) {
          const geometry = child.geometry as BufferGeometry;
          if (!geometry.getAttribute('normal')) geometry.computeVertexNormals();
          child.material = new MeshStandardMaterial({ color: MATERIAL_COLOR, metalness: 0.05, roughness: 0.6 });
        }
      });
      return group;
    }
  }
}

/** Draws the mesh into the canvas with orbit controls; returns a function that frees it all. */
export function renderMesh(canvas: HTMLCanvasElement, bytes: ArrayBuffer, format: MeshFormat): () => void {
  const renderer = new WebGLRenderer({ canvas, antialias: true });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
  const scene = new Scene();
  scene.background = new Color(0xf4f5f7);
  const object = parseMesh(bytes, format);
  scene.add(object);

  // Centre the model and place the camera so it fills the view.
  const box = new Box3().setFromObject(object);
  const center = box.getCenter(new Vector3());
  object.position.sub(center);
  const sphere = box.getBoundingSphere(new Sphere());
  const radius = sphere.radius || 1;
  const camera = new PerspectiveCamera(40, 1, radius / 100, radius * 100);
  camera.position.set(radius * 1.2, radius * 0.9, radius * 2.2);

  scene.add(new AmbientLight(0xffffff, 0.9));
  const key = new DirectionalLight(0xffffff, 1.6);
  key.position.set(1, 1.5, 2);
  camera.add(key);
  scene.add(camera);

  const controls = new OrbitControls(camera, canvas);
  controls.enableDamping = true;
  controls.target.set(0, 0, 0);

  const resize = () => {
    const width = canvas.clientWidth || 600;
    const height = canvas.clientHeight || 400;
    renderer.setSize(width, height, false);
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
  };
  resize();
  const observer = new ResizeObserver(resize);
  observer.observe(canvas);

  let frame = 0;
  const loop = () => {
    controls.update();
    renderer.render(scene, camera);
    frame = requestAnimationFrame(loop);
  };
  loop();

  return () => {
    cancelAnimationFrame(frame);
    observer.disconnect();
    controls.dispose();
    object.traverse((child) => {
      if (child instanceof Mesh) {
        (child.geometry as BufferGeometry).dispose();
        const materials = Array.isArray(child.material) ? child.material : [child.material];
        for (const material of materials) material.dispose();
      }
    });
    renderer.dispose();
  };
}
