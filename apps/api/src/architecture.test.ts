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
/** Code below these may touch tables: the database layer itself, repositories, and the platform adapters' own tables. */
const mayTouchTables = (file: string) => file.startsWith('db/') || file.endsWith('.repository.ts') || file.startsWith('platform/jobs/');

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

  it("writes each module's layer down once (modules/layers.json), its comment in lines of readable length", async () => {
    const layers = JSON.parse(await readFile(path.join(root, 'modules/layers.json'), 'utf8')) as Record<string, string[]>;
    const { $comment: comment, ...named } = layers;
    expect(Array.isArray(comment) && comment.every((line) => typeof line === 'string' && line.length <= 120)).toBe(true);
    const modules = (await readdir(path.join(root, 'modules'), { withFileTypes: true })).filter((entry) => entry.isDirectory());
    expect(Object.values(named).flat().sort()).toEqual(modules.map((entry) => entry.name).sort());
  });

  it('names every file of a feature module by its part: routes, service, repository, or its mails, rules, cache, files or report', async () => {
    const files = (await sourceFiles(path.join(root, 'modules'))).map(relative).filter((file) => !isTest(file));
    const misplaced = files.filter((file) => {
      const [, feature, name] = /^modules\/([^/]+)\/([^/]+)$/.exec(file) ?? [];
      return !feature || !new RegExp(`^${feature}\\.(routes|service|repository|mails|rules|cache|files|report)\\.ts$`).test(name!);
    });
    expect(misplaced).toEqual([]);
  });
});
