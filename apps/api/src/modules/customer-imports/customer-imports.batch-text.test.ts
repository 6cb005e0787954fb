import { describe, expect, it } from 'vitest';
import type { CustomerInfo } from '@casebridge/shared/schemas/dealers';
import { BatchText } from './customer-imports.repository.ts';

/** The batch's JSON text, which one buffer per import holds for every batch (the statement reading it is tested with the import). */
const address = {
  address1: '',
  address2: '',
  address3: '',
  zipCode: '',
  city: 'Köln',
  district: '',
  state: '',
  country: '',
  phone: '',
  email: '',
  webUrl: '',
};

function customer(i: number, company: string): CustomerInfo {
  return {
    customerId: `KD-${i}`,
    title: '',
    salutation: '',
    firstName: 'Jürgen',
    lastName: `Groß "${i}"`,
    position: '',
    company,
    contactInformation: address,
    permissions: { showInfoToOutOfMaintenanceUsers: i % 2 === 0 },
  };
}

describe('the text of an import batch', () => {
  it('holds customers and failures in order, growing past its first buffer', () => {
    const text = new BatchText();
    const long = 'Ä'.repeat(2_000);
    for (let i = 0; i < 300; i++) {
      if (i % 100 === 7) text.addFailure(i + 2, `firstName: bad "${i}"`);
      else text.addCustomer(i + 2, 'DD-ROOT', customer(i, long));
    }
    expect(text.rows).toBe(300);
    const rows = JSON.parse(text.json().toString('utf8')) as unknown[][];
    expect(rows).toHaveLength(300);
    expect(rows[0]).toEqual([2, 'DD-ROOT', null, 'KD-0', '', '', 'Jürgen', 'Groß "0"', '', long, address, true]);
    expect(rows[7]).toEqual([9, null, 'firstName: bad "7"']);
    expect(rows[299]![3]).toBe('KD-299');
  });

  it('starts the next batch empty, and a batch read twice is the same', () => {
    const text = new BatchText();
    text.addCustomer(2, 'DD-ROOT', customer(1, 'Lab'));
    text.clear();
    text.addFailure(3, 'dealerId: Reseller Id required');
    expect(JSON.parse(text.json().toString())).toEqual([[3, null, 'dealerId: Reseller Id required']]);
    text.addCustomer(4, 'dd-root', customer(2, 'Lab'));
    const twice = JSON.parse(text.json().toString()) as unknown[][];
    expect(twice.map((row) => row[0])).toEqual([3, 4]);
  });
});
