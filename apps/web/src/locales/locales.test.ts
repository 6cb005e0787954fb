import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@casebridge/shared/constants/languages';
import { ERROR_CODES } from '@casebridge/shared/errors';
import { resources } from './resources.ts';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') result.set(path, value);
    else for (const [leaf, text] of leaves(value, path)) result.set(leaf, text);
  }
  return result;
}

/** Interpolation placeholders such as {{email}}; a translation must keep every one of them. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]!).sort();
}

const english = leaves(resources.en.translation as Tree);

/**
 * A plural form English does not have (Polish `_few` and `_many` beside `_one` and `_other`) is no
 * stray key: i18next picks it for the counts of that language's plural rules.
 */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const isPluralOfEnglish = (key: string) => PLURAL_SUFFIX.test(key) && english.has(key.replace(PLURAL_SUFFIX, '_other'));

describe('locales', () => {
  it.each(LANGUAGES.filter((lng) => lng !== 'en'))('%s has every English key, none empty, same placeholders', (lng) => {
    const translated = leaves(resources[lng].translation as Tree);
    const missing = [...english.keys()].filter((key) => !translated.get(key)?.trim());
    expect(missing).toEqual([]);
    const extra = [...translated.keys()].filter((key) => !english.has(key) && !isPluralOfEnglish(key));
    expect(extra).toEqual([]);
    const broken = [...english].filter(([key, text]) => placeholders(text).join() !== placeholders(translated.get(key) ?? '').join());
    expect(broken.map(([key]) => key)).toEqual([]);
  });

  it('has no empty English text', () => {
    expect([...english].filter(([, text]) => !text.trim()).map(([key]) => key)).toEqual([]);
  });

  it('translates every server error code', () => {
    const missing = ERROR_CODES.filter((code) => !english.has(`errors.${code}`));
    expect(missing).toEqual([]);
  });
});
