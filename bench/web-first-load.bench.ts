import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ensureBuild, sessionOf, sleep, startPortalAndBrowser } from './portal.ts';

/**
 * `npm run bench:web`: what a first visit of each area costs, in Chromium against the built app
 * served by the real server (production mode, embedded PostgreSQL with the demo data, on a
 * temporary DATA_DIR). Per area: the JavaScript and CSS bytes as transferred (compressed), the
 * encoding the browser got, and the Largest Contentful Paint. Prints a table; asserts nothing
 * (apps/api/src/lib/web-bundle-budget.test.ts holds the budget in `npm test`).
 */
const HOME_JS_TARGET_KB = 170;
const LCP_TARGET_MS = 1000;
/** After the page's heading shows, how long late chunks (and the LCP candidate) may still come. */
const SETTLE_MS = 1000;
/** Runs in the page before its scripts: keeps the latest Largest Contentful Paint candidate. */
const LCP_OBSERVER = `new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.benchLcp = entry.startTime;
}).observe({ type: 'largest-contentful-paint', buffered: true });`;

interface Area {
  name: string;
  path: string;
  /** A demo account (apps/api/src/db/seed) whose session the visit starts with. */
  account?: string;
  /** The sign-in dialog row: the visit of `/` plus opening the dialog. */
  opensSignIn?: boolean;
}

const AREAS: Area[] = [
  { name: 'public home', path: '/' },
  { name: 'sign-in dialog opened', path: '/', opensSignIn: true },
  { name: 'mill orders', path: '/mills/projects', account: 'admin@demo-mill.test' },
  { name: 'lab orders', path: '/lab/projects', account: 'lab@demo-lab.test' },
  { name: 'manager', path: '/manager', account: 'manager@casebridge.test' },
  { name: 'dealer', path: '/dealer', account: 'dealer@demo-dealer.test' },
];

interface Transfer {
  jsBytes: number;
  cssBytes: number;
  encodings: Set<string>;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** Counts compressed script and stylesheet bytes from now on; `settled` waits for the last sizes. */
function recordTransfers(page: Page): { transfer: Transfer; settled: () => Promise<unknown> } {
  const transfer: Transfer = { jsBytes: 0, cssBytes: 0, encodings: new Set() };
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    const type = request.resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        if (type === 'script') transfer.jsBytes += sizes.responseBodySize;
        else transfer.cssBytes += sizes.responseBodySize;
        transfer.encodings.add((await response?.headerValue('content-encoding')) ?? 'none');
      })(),
    );
  });
  return { transfer, settled: () => Promise.all(pending) };
}

async function measure(browser: Browser, baseURL: string, area: Area) {
  const storageState = area.account ? await sessionOf(baseURL, area.account) : undefined;
  // A new context has an empty HTTP cache: this is a first visit.
  const context = await browser.newContext({ baseURL, locale: 'en-GB', storageState });
  await context.addInitScript({ content: LCP_OBSERVER });
  const page = await context.newPage();
  const { transfer, settled } = recordTransfers(page);
  await page.goto(area.path, { waitUntil: 'load' });
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 15_000 });
  await sleep(SETTLE_MS);
  const lcpMs = await page.evaluate<number>('window.benchLcp ?? Number.NaN');
  if (area.opensSignIn) {
    await page.getByRole('button', { name: 'Sign in', exact: true }).first().click();
    await page.getByRole('dialog', { name: 'Sign in' }).waitFor();
    await sleep(SETTLE_MS);
  }
  await settled();
  await context.close();
  return { transfer, lcpMs };
}

function row(area: Area, transfer: Transfer, lcpMs: number) {
  const isHome = area.path === '/' && !area.opensSignIn;
  const jsKb = transfer.jsBytes / 1024;
  return {
    area: area.name,
    path: area.path,
    'JS KB': kb(transfer.jsBytes),
    'CSS KB': kb(transfer.cssBytes),
    encoding: [...transfer.encodings].join(','),
    'LCP ms': Number.isNaN(lcpMs) ? '–' : Math.round(lcpMs),
    target: isHome ? `JS ≤ ${HOME_JS_TARGET_KB} KB, LCP ≤ ${LCP_TARGET_MS} ms` : '–',
    met: isHome ? (jsKb <= HOME_JS_TARGET_KB && lcpMs <= LCP_TARGET_MS ? 'yes' : 'NO') : '',
  };
}

async function main(): Promise<void> {
  ensureBuild();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'casebridge-bench-web-'));
  // --disable-gpu as e2e/browser.ts: what a visitor's first load costs, not the GPU's.
  const { baseURL, browser, close } = await startPortalAndBrowser(dataDir, ['--disable-gpu']);
  try {
    // The first page a fresh server and browser process serve is slower than any visitor's first visit.
    await measure(browser, baseURL, AREAS[0]!);
    const rows = [];
    for (const area of AREAS) {
      const { transfer, lcpMs } = await measure(browser, baseURL, area);
      rows.push(row(area, transfer, lcpMs));
    }
    console.table(rows);
  } finally {
    await close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
