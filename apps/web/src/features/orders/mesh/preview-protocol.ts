/** The messages between the page and the 3D preview's worker (mesh.worker.ts). */
import type { OrbitInput } from './orbit.ts';

export type MeshFormat = 'stl' | 'ply' | 'obj';

/** The canvas's size in CSS pixels and the screen's pixel ratio. */
export interface ViewSize {
  width: number;
  height: number;
  pixelRatio: number;
}

/** What the page asks the preview worker first: the file's one-time link, the canvas to draw on. */
export interface PreviewRequest {
  url: string;
  format: MeshFormat;
  /** The simplified mesh's vertex budget, from the canvas size. */
  maxVertices: number;
  canvas: OffscreenCanvas;
  size: ViewSize;
}

/** What the page sends afterwards: the canvas's new size, a pointer move or wheel turn. */
export type PreviewUpdate = { type: 'resize'; size: ViewSize } | { type: 'input'; input: OrbitInput };

export type PreviewMessage =
  | { type: 'progress'; received: number; total: number | null }
  /** The model is drawn: `shown` of the file's `source` triangles. */
  | { type: 'drawn'; shown: number; source: number }
  | { type: 'failed'; message: string };
