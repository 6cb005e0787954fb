/// <reference lib="webworker" />
/**
 * The 3D preview's worker: fetches the file, parses and simplifies it, and draws it on the canvas
 * the page transferred, all off the page's thread. The page only forwards sizes and pointer moves.
 */
import type { MeshView } from './mesh-view.ts';
import type { PreviewMessage, PreviewRequest, PreviewUpdate } from './preview-protocol.ts';
import { simplifyStlStream } from './simplify.ts';
import type { SimplifiedMesh } from './vertex-clustering.ts';

declare const self: DedicatedWorkerGlobalScope;

const post = (message: PreviewMessage) => self.postMessage(message);

async function simplified({ url, format, maxVertices }: PreviewRequest): Promise<SimplifiedMesh> {
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new Error(response.statusText || `HTTP ${response.status}`);
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const progress = (received: number) => post({ type: 'progress', received, total });
  if (format === 'stl') return simplifyStlStream(response.body, total, maxVertices, progress);
  // PLY and OBJ are rarer and smaller: three.js reads them whole, then they are simplified alike.
  const bytes = await response.arrayBuffer();
  progress(bytes.byteLength);
  const { simplifyWithThree } = await import('./three-formats.ts');
  return simplifyWithThree(bytes, format, maxVertices);
}

let view: MeshView | null = null;
/** The canvas size last reported, for when the view is made after the page resized. */
let latestSize: PreviewRequest['size'] | null = null;

async function start(request: PreviewRequest): Promise<void> {
  latestSize = request.size;
  // three.js loads and WebGL gets ready while the file streams in.
  const prepared = import('./mesh-view.ts').then(({ prepareMeshView }) => prepareMeshView(request.canvas, request.size));
  const [mesh, { show }] = await Promise.all([simplified(request), prepared]);
  view = show(mesh);
  // The page may have changed size while the file loaded.
  const { width, height, pixelRatio } = request.size;
  if (latestSize.width !== width || latestSize.height !== height || latestSize.pixelRatio !== pixelRatio) view.resize(latestSize);
  post({ type: 'drawn', shown: mesh.indices.length / 3, source: mesh.sourceTriangles });
}

self.onmessage = (event: MessageEvent<PreviewRequest | PreviewUpdate>) => {
  const data = event.data;
  if (!('type' in data)) {
    start(data).catch((error: unknown) => post({ type: 'failed', message: error instanceof Error ? error.message : String(error) }));
  } else if (data.type === 'resize') {
    latestSize = data.size;
    view?.resize(data.size);
  } else view?.input(data.input);
};
