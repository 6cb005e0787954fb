import { describe, expect, it } from 'vitest';
import { illFormedTextAt } from './well-formed-text.ts';

describe('illFormedTextAt', () => {
  it('accepts text of any script, emoji (surrogate pairs) included', () => {
    expect(illFormedTextAt({ topic: 'Zahnärztin 🦷 测试', items: [{ name: 'ok' }], count: 3, none: null })).toBeNull();
  });

  it('names the first field holding a lone surrogate, however deep', () => {
    expect(illFormedTextAt({ topic: 'a\ud800' })).toBe('topic');
    expect(illFormedTextAt({ items: [{ name: 'fine' }, { name: '\udc00b' }] })).toBe('items.1.name');
    // Two halves in the wrong order are two lone surrogates, not a pair.
    expect(illFormedTextAt(['\udbff\ud800'])).toBe('0');
    expect(illFormedTextAt('\ud800')).toBe('_');
  });

  it('finds a lone surrogate in a key', () => {
    expect(illFormedTextAt({ nested: { ['\ud800']: 1 } })).toBe('nested._');
  });
});
