import type { OrbitInput } from './orbit.ts';
import type { PreviewMessage, PreviewRequest } from './preview-protocol.ts';

export interface PreviewWorker {
  resize(size: PreviewRequest['size']): void;
  input(input: OrbitInput): void;
  stop(): void;
}

/** Starts the preview worker on one file and canvas; every message it posts goes to `onMessage`. */
export function startPreviewWorker(request: PreviewRequest, onMessage: (message: PreviewMessage) => void): PreviewWorker {
  const worker = new Worker(new URL('./mesh.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<PreviewMessage>) => onMessage(event.data);
  worker.onerror = (event) => onMessage({ type: 'failed', message: event.message || 'the preview worker failed' });
  worker.postMessage(request, [request.canvas]);
  return {
    resize: (size) => worker.postMessage({ type: 'resize', size }),
    input: (input) => worker.postMessage({ type: 'input', input }),
    stop: () => worker.terminate(),
  };
}
