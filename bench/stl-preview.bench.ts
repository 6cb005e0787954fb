import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { Browser } from 'playwright-core';
import { tusUpload } from '../apps/cli/src/lib/tus-upload.ts';
import { simplifyStlStream } from '../apps/web/src/features/orders/mesh/simplify.ts';
import { demoToken, ensureBuild, sessionOf, startPortalAndBrowser } from './portal.ts';

/**
 * `npm run bench:preview`: the 3D preview of a large STL (issue 24). Writes a binary STL of
 * `BENCH_STL_TRIANGLES` triangles (default 3,000,000: about 150 MB, a dental arch as a height field),
 * then measures
 *  1. in Node, what the preview worker does with it: parse and simplify the stream (time, memory);
 *  2. in Chromium against the built app on the real server (production mode, embedded PostgreSQL
 *     with the demo data): the lab's component page, a click on Preview, the time until the
 *     simplified model is drawn, and the longest main-thread task meanwhile ('longtask' entries).
 * Prints the numbers against the targets; asserts nothing. `BENCH_SHOTS=<folder>` also saves the
 * dialog at 1366×800 and 390×844 (preview-1366.png, preview-390.png).
 */
const TRIANGLES = Number(process.env.BENCH_STL_TRIANGLES ?? 3_000_000);
/** The preview's vertex budget on a wide screen (the dialog's canvas asks for at most this). */
const MAX_VERTICES = 200_000;
const FIRST_PICTURE_TARGET_MS = 5000;
const LONG_TASK_TARGET_MS = 200;
const LAB = 'lab@demo-lab.test';
/** Runs in the page before its scripts: keeps every long task (over 50 ms) of the main thread. */
const LONG_TASK_OBSERVER = `window.benchLongTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.benchLongTasks.push({ start: entry.startTime, duration: entry.duration });
}).observe({ type: 'longtask', buffered: true });`;

/** A jaw-like height field over a 60 × 60 mm square: a ridge along an arch with a bump per tooth. */
function height(x: number, y: number): number {
  const fromArch = y - (-20 + 0.035 * x * x);
  return 1 + 9 * Math.exp(-((fromArch / 5) ** 2)) * (0.75 + 0.25 * Math.cos(x * 0.9));
}

/** A binary STL of about `triangles` triangles (two per grid square); its exact count. */
async function writeStl(file: string, triangles: number): Promise<number> {
  const n = Math.max(1, Math.round(Math.sqrt(triangles / 2)));
  const out = createWriteStream(file);
  const header = Buffer.alloc(84);
  header.write('binary STL written by bench/stl-preview.bench.ts');
  header.writeUInt32LE(2 * n * n, 80);
  out.write(header);
  const corner = (i: number, j: number) => {
    const x = -30 + (60 * i) / n;
    const y = -30 + (60 * j) / n;
    return [x, y, height(x, y)];
  };
  for (let i = 0; i < n; i++) {
    const row = Buffer.alloc(2 * n * 50);
    for (let j = 0; j < n; j++) {
      const [a, b, c, d] = [corner(i, j), corner(i + 1, j), corner(i + 1, j + 1), corner(i, j + 1)];
      for (const [t, corners] of [
        [a, b, c],
        [a, c, d],
      ].entries()) {
        const at = (2 * j + t) * 50 + 12;
        corners.flat().forEach((value, k) => row.writeFloatLE(value, at + k * 4));
      }
    }
    if (!out.write(row)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  out.end();
  await finished(out);
  return 2 * n * n;
}

/** The worker's part, in Node: the file streamed through the parser and the clustering. */
async function measureWorkerPart(file: string, size: number) {
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const stream = Readable.toWeb(createReadStream(file, { highWaterMark: 64 * 1024 })) as ReadableStream<Uint8Array>;
  const mesh = await simplifyStlStream(stream, size, MAX_VERTICES, () => {});
  const ms = performance.now() - started;
  clearInterval(sampler);
  return { ms, rssGrowthMb: (rssPeak - rssBefore) / 2 ** 20, vertices: mesh.positions.length / 3, triangles: mesh.indices.length / 3 };
}

interface Upload {
  componentPath: string;
}

/** A lab order with one component holding the STL, sent the way the command-line client sends it. */
async function uploadAsLab(baseURL: string, file: string): Promise<Upload> {
  const token = await demoToken(baseURL, LAB);
  const api = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseURL}${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const me = await api<{ mills: { id: number }[] }>('GET', '/api/users/me');
  const order = await api<{ id: number; components: { id: number }[] }>('POST', '/api/orders', {
    millId: me.mills[0]!.id,
    name: 'Large scan preview',
    components: [{ name: 'Lower jaw' }],
  });
  const componentId = order.components[0]!.id;
  await tusUpload({
    base: baseURL,
    token,
    file,
    metadata: { filename: 'lower-jaw.stl', orderId: String(order.id), componentId: String(componentId) },
    onUrl: () => {},
    onProgress: () => {},
  });
  await api('POST', `/api/orders/${order.id}/submit`);
  return { componentPath: `/lab/projects/${order.id}/components/${componentId}` };
}

/** Opens the component page, clicks Preview and waits for the drawn model; optionally saves the dialog. */
async function measurePreview(
  browser: Browser,
  baseURL: string,
  upload: Upload,
  viewport: { width: number; height: number },
  shot?: string,
) {
  const context = await browser.newContext({ baseURL, locale: 'en-GB', viewport, storageState: await sessionOf(baseURL, LAB) });
  await context.addInitScript({ content: LONG_TASK_OBSERVER });
  const page = await context.newPage();
  try {
    await page.goto(upload.componentPath);
    await page.getByRole('heading', { level: 1, name: 'Lower jaw' }).waitFor({ timeout: 30_000 });
    const clickedAt = await page.evaluate<number>('performance.now()');
    await page.getByRole('button', { name: 'Preview' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/Drag to rotate|could not be shown/).waitFor({ timeout: 180_000 });
    // The first frame is drawn at the next animation frame after the model arrives.
    const drawnAt = await page.evaluate<number>('new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())))');
    const failure = await dialog
      .getByText('could not be shown')
      .textContent()
      .catch(() => null);
    if (failure) throw new Error(failure);
    const status = await dialog.getByText(/Simplified for the screen/).textContent();
    if (shot) await page.screenshot({ path: shot });
    const tasks = await page.evaluate<{ start: number; duration: number }[]>('window.benchLongTasks');
    const during = tasks.filter((task) => task.start + task.duration >= clickedAt);
    return {
      firstPictureMs: drawnAt - clickedAt,
      longestTaskMs: Math.max(0, ...during.map((task) => task.duration)),
      longTasks: during.length,
      status,
    };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  ensureBuild();
  const work = await mkdtemp(path.join(os.tmpdir(), 'casebridge-bench-preview-'));
  // The embedded PostgreSQL runs as another user when started as root; it must reach the folder.
  await chmod(work, 0o755);
  const file = path.join(work, 'lower-jaw.stl');
  try {
    const triangles = await writeStl(file, TRIANGLES);
    const { size } = await stat(file);
    console.log(`STL: ${triangles.toLocaleString('en')} triangles, ${(size / 1e6).toFixed(1)} MB`);

    const node = await measureWorkerPart(file, size);
    console.log(
      `Worker part in Node: parse + simplify ${Math.round(node.ms)} ms, peak memory growth ${Math.round(node.rssGrowthMb)} MiB, ` +
        `${node.vertices.toLocaleString('en')} vertices / ${node.triangles.toLocaleString('en')} triangles left`,
    );

    const dataDir = path.join(work, 'data');
    await mkdir(dataDir);
    // No GPU here: WebGL runs on SwiftShader, the software renderer, as on a machine without a graphics driver.
    const { baseURL, browser, close } = await startPortalAndBrowser(dataDir, ['--use-angle=swiftshader', '--enable-unsafe-swiftshader']);
    try {
      const upload = await uploadAsLab(baseURL, file);
      const shots = process.env.BENCH_SHOTS;
      const rows = [];
      for (const viewport of [
        { width: 1366, height: 800 },
        { width: 390, height: 844 },
      ]) {
        const shot = shots ? path.join(shots, `preview-${viewport.width}.png`) : undefined;
        const result = await measurePreview(browser, baseURL, upload, viewport, shot);
        rows.push({
          viewport: `${viewport.width}×${viewport.height}`,
          'first picture ms': Math.round(result.firstPictureMs),
          'longest main-thread task ms': Math.round(result.longestTaskMs),
          'long tasks': result.longTasks,
          target: `≤ ${FIRST_PICTURE_TARGET_MS} ms, tasks ≤ ${LONG_TASK_TARGET_MS} ms`,
          met: result.firstPictureMs <= FIRST_PICTURE_TARGET_MS && result.longestTaskMs <= LONG_TASK_TARGET_MS ? 'yes' : 'NO',
          shown: result.status,
        });
      }
      console.table(rows);
    } finally {
      await close();
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

await main();
