import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layers of DESIGN §4a, checked on the source: routes → service → repository, one owning
 * repository per table, services that never see HTTP. Run alone: `npx vitest run architecture`.
 */
const root = path.dirname(fileURLToPath(import.meta.url));

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory()
        ? sourceFiles(path.join(dir, entry.name))
        : Promise.resolve(entry.name.endsWith('.ts') ? [path.join(dir, entry.name)] : []),
    ),
  );
  return nested.flat();
}

const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');
const isTest = (file: string) => file.endsWith('.test.ts');
/** Code below these may touch tables: the database layer itself, repositories, and the job queue (its claim loop is its table). */
const mayTouchTables = (file: string) => file.startsWith('db/') || file.endsWith('.repository.ts') || file === 'platform/jobs/job-queue.ts';

async function imports(): Promise<{ file: string; specifiers: string[] }[]> {
  const files = (await sourceFiles(root)).map(relative).filter((file) => !isTest(file));
  return Promise.all(
    files.map(async (file) => {
      const text = await readFile(path.join(root, file), 'utf8');
      const specifiers = [...text.matchAll(/^import[^'"]*['"]([^'"]+)['"]/gm)].map((match) => match[1]!);
      return { file, specifiers };
    }),
  );
}

const moduleOf = (file: string) => /^modules\/([^/]+)\//.exec(file)?.[1] ?? null;

/** Each module's layer as its index in layers.json, lowest first (ADR 0016). */
async function layerIndex(): Promise<Map<string, { layer: string; index: number }>> {
  const layers = JSON.parse(await readFile(path.join(root, 'modules/layers.json'), 'utf8')) as Record<string, string[] | string>;
  // `$comment` is prose, not a layer.
  const entries = Object.entries(layers).filter(
    (entry): entry is [string, string[]] => !entry[0].startsWith('$') && Array.isArray(entry[1]),
  );
  return new Map(entries.flatMap(([layer, names], index) => names.map((name) => [name, { layer, index }] as const)));
}

interface ExportedFunction {
  params: string;
  body: string;
}

/** The exported functions of a prettier-formatted file: parameters up to the matching parenthesis, body up to the closing brace at column 0. */
function exportedFunctions(text: string): Map<string, ExportedFunction> {
  const found = new Map<string, ExportedFunction>();
  for (const match of text.matchAll(/^export (?:async )?function (\w+)\s*(?:<[^(]*>)?\(/gm)) {
    const open = match.index + match[0].length - 1;
    let depth = 0;
    let close = open;
    for (; close < text.length; close++) {
      if (text[close] === '(') depth++;
      else if (text[close] === ')' && --depth === 0) break;
    }
    const end = text.indexOf('\n}', close);
    found.set(match[1]!, { params: text.slice(open + 1, close), body: text.slice(close, end === -1 ? undefined : end) });
  }
  return found;
}

/** A function that takes a raw database handle and no caller (or the grant an access check answered) checks nobody. */
const unchecked = (fn: ExportedFunction) => /\b(db|tx)\??\s*:/.test(fn.params) && !/:\s*(SessionUser|Claims|Grant)\b/.test(fn.params);
const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
/** Drizzle's writes, SQL's writes, and the effects that are writes too (a queued job, an event whose listeners write). */
const writes = (code: string) =>
  /\.(insert|update|delete)\(|\b(insert\s+into|delete\s+from|truncate)\b|\bupdate\s+[\w."]+\s+set\b|jobs\.enqueue|events\.publish/i.test(
    withoutComments(code),
  );

/** The named value imports of each non-test file, resolved against the file: `type` imports do not run. */
async function valueImports(): Promise<{ file: string; target: string; name: string }[]> {
  const files = (await sourceFiles(root)).map(relative).filter((file) => !isTest(file));
  const found = await Promise.all(
    files.map(async (file) => {
      const text = await readFile(path.join(root, file), 'utf8');
      return [...text.matchAll(/^import \{([^}]*)\} from '(\.[^']+)';/gm)].flatMap((match) => {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), match[2]!));
        const names = match[1]!
          .split(',')
          .map((item) => item.trim())
          .filter((item) => item !== '' && !item.startsWith('type '));
        return names.map((item) => ({ file, target, name: item.split(/\s+as\s+/)[0]! }));
      });
    }),
  );
  return found.flat();
}

const functionsOf = async (file: string) => exportedFunctions(await readFile(path.join(root, file), 'utf8'));

describe('the API keeps its layers', () => {
  it('touches tables only in repositories (and the database and job layers)', async () => {
    const offenders = (await imports())
      .filter(
        ({ file, specifiers }) =>
          !mayTouchTables(file) && specifiers.some((s) => s.includes('/db/schema/') || s === 'drizzle-orm' || s.startsWith('drizzle-orm/')),
      )
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });

  it('reaches another feature through its service, never its repository', async () => {
    const offenders = (await imports()).flatMap(({ file, specifiers }) =>
      specifiers
        .filter((s) => s.endsWith('.repository.ts'))
        .map((s) => path.posix.normalize(path.posix.join(path.posix.dirname(file), s)))
        .filter((target) => moduleOf(target) !== null && moduleOf(target) !== moduleOf(file))
        .map((target) => `${file} → ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  it('keeps the platform adapters and lib free of features (a feature registers its job types itself)', async () => {
    const offenders = (await imports()).flatMap(({ file, specifiers }) =>
      /^(platform|lib)\//.test(file)
        ? specifiers
            .map((s) => path.posix.normalize(path.posix.join(path.posix.dirname(file), s)))
            .filter((target) => moduleOf(target) !== null)
            .map((target) => `${file} → ${target}`)
        : [],
    );
    expect(offenders).toEqual([]);
  });

  it('keeps HTTP out of services and repositories', async () => {
    const offenders = (await imports())
      .filter(({ file }) => /\.(service|repository)\.ts$/.test(file))
      .filter(({ specifiers }) => specifiers.some((s) => s === 'fastify' || s.startsWith('@fastify/')))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });

  it('leaves the session to the hook: no feature module reads the token or loads the session itself', async () => {
    // The tus routes are no handlers: tus's hooks run the same session check on each upload request.
    const tusChannel = 'modules/order-uploads/order-uploads.routes.ts';
    const files = (await sourceFiles(path.join(root, 'modules'))).map(relative).filter((file) => !isTest(file));
    const offenders: string[] = [];
    for (const file of files) {
      const text = await readFile(path.join(root, file), 'utf8');
      const loaders = [...text.matchAll(/\b(loadCurrentUser|sessionClaims|verifySessionToken|bearerToken|checkSession)\b/g)].map(
        (m) => m[1]!,
      );
      const own = file === tusChannel ? loaders.filter((name) => name !== 'bearerToken' && name !== 'checkSession') : loaders;
      if (own.length > 0) offenders.push(`${file}: ${[...new Set(own)].join(', ')}`);
    }
    expect(offenders).toEqual([]);
  });

  it("keeps a module's queries read-only: a queries file writes nothing and calls no write", async () => {
    const queries = (await sourceFiles(path.join(root, 'modules'))).map(relative).filter((file) => file.endsWith('.queries.ts'));
    expect(queries.length).toBeGreaterThan(0);
    const offenders: string[] = [];
    for (const file of queries) {
      const text = await readFile(path.join(root, file), 'utf8');
      if (writes(text)) offenders.push(`${file} writes`);
    }
    for (const { file, target, name } of await valueImports()) {
      if (!file.endsWith('.queries.ts') || !/\.(repository|service)\.ts$/.test(target)) continue;
      const fn = (await functionsOf(target)).get(name);
      // A repository function may be read, if it reads; a service's function only if it is pure (takes no database).
      const refused = target.endsWith('.repository.ts') ? fn !== undefined && writes(fn.body) : fn !== undefined && unchecked(fn);
      if (refused) offenders.push(`${file} → ${target} ${name}`);
    }
    expect(offenders).toEqual([]);
  });

  it("gives features and the core no unchecked function of a lower module but its queries (only use cases orchestrate others' writes)", async () => {
    const layers = await layerIndex();
    const offenders: string[] = [];
    for (const { file, target, name } of await valueImports()) {
      const [from, to] = [layers.get(moduleOf(file) ?? ''), layers.get(moduleOf(target) ?? '')];
      if (!from || !to || !['features', 'core'].includes(from.layer) || to.index >= from.index) continue;
      if (target.endsWith('.queries.ts') || target.endsWith('.repository.ts')) continue;
      const fn = (await functionsOf(target)).get(name);
      if (fn && unchecked(fn)) offenders.push(`${file} → ${target} ${name}`);
    }
    expect(offenders).toEqual([]);
  });

  it("writes each module's layer down once (modules/layers.json), its comment in lines of readable length", async () => {
    const layers = JSON.parse(await readFile(path.join(root, 'modules/layers.json'), 'utf8')) as Record<string, string[]>;
    const { $comment: comment, ...named } = layers;
    expect(Array.isArray(comment) && comment.every((line) => typeof line === 'string' && line.length <= 120)).toBe(true);
    const modules = (await readdir(path.join(root, 'modules'), { withFileTypes: true })).filter((entry) => entry.isDirectory());
    expect(Object.values(named).flat().sort()).toEqual(modules.map((entry) => entry.name).sort());
  });

  it('names every file of a feature module by its part: routes, service, repository, or its queries, mails, rules, cache, files or report', async () => {
    const files = (await sourceFiles(path.join(root, 'modules'))).map(relative).filter((file) => !isTest(file));
    const misplaced = files.filter((file) => {
      const [, feature, name] = /^modules\/([^/]+)\/([^/]+)$/.exec(file) ?? [];
      return !feature || !new RegExp(`^${feature}\\.(routes|service|repository|queries|mails|rules|cache|files|report)\\.ts$`).test(name!);
    });
    expect(misplaced).toEqual([]);
  });
});
