#!/usr/bin/env node
/**
 * The before/after counts of issue 27 (endpoint contracts), over the non-test sources of a checkout:
 *   node scripts/contract-counts.mjs [checkout root, default .]
 * Definitions (what each number counts):
 * - response casts: an answer typed without a run-time check: a type argument given to a fetcher
 *   that returns the body as it came (`apiRequest<T>(`, `apiMultipart<T>(`, `uploadWithProgress<T>(`
 *   in apps/web/src; `api.get<T>(`, `api.post<T>(`, `api.request<T>(` in apps/cli/src; `<unknown>`
 *   excluded), plus `(await x.json()) as T` casts.
 * - hand-typed paths: a string or template literal starting with `/` as the path argument of one of
 *   those fetchers (the path is written at the call instead of coming from a contract).
 * - re-declared types: in web API files (apps/web/src/**\/api/*.ts), an interface, or a type alias
 *   to an object literal, i.e. a shape spelled out again instead of derived from a shared schema or contract.
 * - queryOptions: web API files that build their reads with `queryOptions(`, `infiniteQueryOptions(` or `endpointQuery(`.
 * Each count is also given for the clients feature alone (apps/web/src/features/clients).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = process.argv[2] ?? '.';
const isSource = (file) => /\.(ts|tsx)$/.test(file) && !/\.(test|e2e)\.tsx?$/.test(file) && !file.includes('/test/');

function files(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...files(path));
    else if (isSource(path)) out.push(path);
  }
  return out;
}

const FETCHER = String.raw`(?:\bapiRequest|\bapiMultipart|\buploadWithProgress|\bapi\.get|\bapi\.post|\bapi\.request)`;
const patterns = {
  casts: [new RegExp(`${FETCHER}<(?!unknown>)`, 'g'), /\.json\(\)[^;\n]*\)\s+as\s+[A-Z{]/g],
  paths: [new RegExp(`${FETCHER}(?:<[^()]*?>)?\\(\\s*(?:'[A-Z]+',\\s*)?['"\`]/`, 'g')],
  types: [/^\s*(?:export\s+)?interface\s+\w+/gm, /^\s*(?:export\s+)?type\s+\w+(?:<[^=]*>)?\s*=\s*\{/gm],
};
const count = (text, list) => list.reduce((sum, pattern) => sum + (text.match(pattern)?.length ?? 0), 0);

const web = files(join(root, 'apps/web/src'));
const cli = files(join(root, 'apps/cli/src'));
const apiFiles = web.filter((file) => /\/api\/[^/]+\.ts$/.test(file));

function tally(list, kind) {
  return list.reduce((sum, file) => sum + count(readFileSync(file, 'utf8'), patterns[kind]), 0);
}

function report(label, scope) {
  const inScope = (list) => list.filter((file) => relative(root, file).startsWith(scope));
  const webFiles = inScope(web);
  const api = inScope(apiFiles);
  const withQueryOptions = api.filter((file) => /\b(queryOptions|infiniteQueryOptions|endpointQuery)\(/.test(readFileSync(file, 'utf8')));
  console.log(`${label}`);
  console.log(`  response casts      web ${tally(webFiles, 'casts')}, cli ${tally(inScope(cli), 'casts')}`);
  console.log(`  hand-typed paths    web ${tally(webFiles, 'paths')}, cli ${tally(inScope(cli), 'paths')}`);
  console.log(`  re-declared types   ${tally(api, 'types')} in ${api.length} web API files`);
  console.log(`  queryOptions        ${withQueryOptions.length} of ${api.length} web API files`);
}

report(`whole app (${root})`, '');
report('clients feature', 'apps/web/src/features/clients');
