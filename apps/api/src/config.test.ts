import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTING_NAMES } from './config.ts';

/** The rows of the README's "Configuration" table: variable name → what the row says. */
async function documentedSettings(): Promise<Map<string, string>> {
  const readme = await readFile(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
  const section = readme.split(/^## Configuration$/m)[1]!.split(/^## /m)[0]!;
  const rows = [...section.matchAll(/^\| `([A-Z_0-9]+)` \|(.*)$/gm)];
  return new Map(rows.map(([, name, rest]) => [name!, rest!]));
}

describe("the README's configuration table", () => {
  it('lists every variable the portal reads, and none it does not', async () => {
    const documented = await documentedSettings();
    expect([...documented.keys()].sort()).toEqual([...SETTING_NAMES].sort());
  });

  it('names the forwarded headers only in the row of the setting that decides whom to believe', async () => {
    const rows = [...(await documentedSettings())].filter(([, text]) => /X-Forwarded/i.test(text)).map(([name]) => name);
    expect(rows).toEqual(['TRUST_PROXY']);
  });
});
