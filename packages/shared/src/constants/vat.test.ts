import { describe, expect, it } from 'vitest';
import { companyInfoDataSchema } from '../schemas/account.ts';
import { isValidVatNumber } from './vat.ts';

describe('VAT number formats', () => {
  it('accepts each country format with or without its prefix', () => {
    expect(isValidVatNumber('DE', 'DE123456789')).toBe(true);
    expect(isValidVatNumber('DE', '123456789')).toBe(true);
    expect(isValidVatNumber('AT', 'ATU12345678')).toBe(true);
    expect(isValidVatNumber('NL', 'NL123456789B01')).toBe(true);
    expect(isValidVatNumber('GR', 'EL123456789')).toBe(true);
    expect(isValidVatNumber('FR', 'FRXX123456789')).toBe(true);
  });

  it("refuses a number in another country's format", () => {
    expect(isValidVatNumber('DE', 'DE12345678')).toBe(false);
    expect(isValidVatNumber('AT', 'AT12345678')).toBe(false);
    expect(isValidVatNumber('NL', 'NL123456789')).toBe(false);
    expect(isValidVatNumber('PL', 'DE123456789')).toBe(false);
  });

  it('is part of the company rules the server and the browser share', () => {
    const base = { name: 'A', email: 'a@b.test', country: 'DE', street: 'S', city: 'C', zipCode: '1', phone: '1' };
    expect(companyInfoDataSchema.safeParse({ ...base, vatNumber: 'DE123456789' }).success).toBe(true);
    const wrong = companyInfoDataSchema.safeParse({ ...base, vatNumber: 'DE1234' });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.path).toEqual(['vatNumber']);
    expect(companyInfoDataSchema.safeParse({ ...base, country: 'CH', vatNumber: '' }).success).toBe(true);
  });
});
