import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { companyInfoDataSchema } from './account.ts';
import { maxLengthOf } from './max-length.ts';
import { createOrderBodySchema } from './orders.ts';

describe('maxLengthOf', () => {
  it('reads the limit of a plain, trimmed or optional string field', () => {
    expect(maxLengthOf(z.string().trim().max(10))).toBe(10);
    expect(maxLengthOf(companyInfoDataSchema.shape.zipCode)).toBe(10);
    expect(maxLengthOf(companyInfoDataSchema.shape.vatNumber)).toBe(20);
    expect(maxLengthOf(createOrderBodySchema.shape.name)).toBe(200);
  });

  it('looks through a pipe to the side that sets the limit', () => {
    expect(
      maxLengthOf(
        z
          .string()
          .transform((value) => value.trim())
          .pipe(z.string().max(5)),
      ),
    ).toBe(5);
  });

  it('refuses a schema without a maximum', () => {
    expect(() => maxLengthOf(z.string().min(1))).toThrow(/no maximum length/);
  });
});
