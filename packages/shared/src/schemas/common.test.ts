import { describe, expect, it } from 'vitest';
import { bodyIdSchema, idSchema, lineSchema, MAX_ID, textSchema } from './common.ts';

describe('text rules', () => {
  it('keeps control characters out of a line, tabs and line breaks included', () => {
    expect(lineSchema.safeParse('Anna Müller – Zahntechnik').success).toBe(true);
    for (const bad of ['a\u0000b', 'a\tb', 'a\nb', 'a\rb', 'a\u001bb', 'a\u007fb']) expect(lineSchema.safeParse(bad).success).toBe(false);
  });

  it('lets text span lines, but refuses the other control characters', () => {
    expect(textSchema.safeParse('Dear lab,\r\n\tplease check the margin.\n').success).toBe(true);
    for (const bad of ['a\u0000b', 'a\u000bb', 'a\u000cb', 'a\u001bb', 'a\u007fb']) expect(textSchema.safeParse(bad).success).toBe(false);
  });
});

describe('id rules', () => {
  it('accept exactly the range of an integer column', () => {
    expect(idSchema.parse(String(MAX_ID))).toBe(MAX_ID);
    expect(bodyIdSchema.parse(1)).toBe(1);
    for (const bad of [0, -1, 1.5, MAX_ID + 1, 2 ** 53 - 1]) {
      expect(idSchema.safeParse(String(bad)).success).toBe(false);
      expect(bodyIdSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('take text only in a path or query', () => {
    expect(idSchema.parse('7')).toBe(7);
    expect(bodyIdSchema.safeParse('7').success).toBe(false);
  });
});
