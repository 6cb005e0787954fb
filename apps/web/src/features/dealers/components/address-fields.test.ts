import { describe, expect, it } from 'vitest';
import { addressSchema } from '@casebridge/shared/schemas/dealers';
import { ADDRESS_FIELDS } from './address-fields.ts';

describe('ADDRESS_FIELDS', () => {
  it('gives both forms an input for every field of the shared address, each once', () => {
    expect([...ADDRESS_FIELDS].sort()).toEqual(Object.keys(addressSchema.parse({})).sort());
  });
});
