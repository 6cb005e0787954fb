import { createStlParser } from './stl-stream.ts';
import { VertexClustering, type SimplifiedMesh } from './vertex-clustering.ts';

/** Progress is reported at most this often: more messages would only keep the page busy. */
const PROGRESS_INTERVAL_MS = 100;

/**
 * Reads an STL stream chunk by chunk into the clustering, so only one chunk and the simplified
 * mesh are in memory at any time. `onProgress` gets the bytes read so far.
 */
export async function simplifyStlStream(
  stream: ReadableStream<Uint8Array>,
  totalSize: number | null,
  maxVertices: number,
  onProgress: (received: number) => void,
): Promise<SimplifiedMesh> {
  const clustering = new VertexClustering(maxVertices);
  const parser = createStlParser(totalSize, (coords, count) => clustering.add(coords, count));
  const reader = stream.getReader();
  let received = 0;
  let reported = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.push(value);
    received += value.length;
    if (Date.now() - reported >= PROGRESS_INTERVAL_MS) {
      reported = Date.now();
      onProgress(received);
    }
  }
  parser.end();
  onProgress(received);
  return clustering.result();
}
