import { describe, expect, it } from 'vitest';
import { csvRecords } from '../../lib/csv.ts';
import {
  checkCsvRow,
  checkJsonElement,
  ExportShapeError,
  jsonElements,
  mapHeader,
  MAX_ELEMENT_CHARS,
  type JsonElement,
} from './ticket-imports.rules.ts';

const KEY = 'ABCDE-12345-FGHIJ-KLMNO-PQRST';
const content = (licenseExp: string | null = '2027-03-01') => ({
  mainProductInfo: {
    dongleId: '3-1234567',
    productName: 'CAM Pro',
    licenseExp,
    maintenanceExp: null,
    isNetwork: false,
    isCommercial: true,
  },
  activationLicenses: [],
  orderedLicenses: [],
  licenseDetails: [],
  nonExpandables: [],
});

/** Feeds text in chunks of `size` characters, as a stream from storage would. */
async function* chunks(text: string, size: number) {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

async function elements(text: string, size = 7): Promise<JsonElement[]> {
  const out: JsonElement[] = [];
  for await (const element of jsonElements(chunks(text, size))) out.push(element);
  return out;
}

describe('JSON export scanning', () => {
  const ticket = { key: KEY, dealerCode: 'DD-ROOT', content: content() };

  it('finds the tickets of the push body and of a bare array, whatever the chunk boundaries, with their lines', async () => {
    const body = `\uFEFF{\n  "note": "tickets [not these] \\" {",\n  "other": [1, {"tickets": []}],\n  "tickets": [\n    ${JSON.stringify(ticket)},\n    ${JSON.stringify({ ...ticket, key: 'x' })}\n  ]\n}\n`;
    for (const size of [1, 3, 64, 100_000]) {
      const found = await elements(body.replace(/^\uFEFF/, ''), size);
      expect(found.map((e) => [e.item, e.line])).toEqual([
        [1, 5],
        [2, 6],
      ]);
      expect(JSON.parse(found[0]!.text!)).toEqual(ticket);
    }
    const bare = await elements(`[${JSON.stringify(ticket)},"junk",42]`);
    expect(bare.map((e) => e.text)).toEqual([JSON.stringify(ticket), '"junk"', '42']);
    expect(bare.every((e) => e.line === 1)).toBe(true);
  });

  it('makes broken elements failed rows and a broken file an error', async () => {
    const found = await elements(`[\n{"key": "${KEY}", "dealerCode": "DD-ROOT", "content": {"x": tru}},\n"ok"\n]`);
    expect(checkJsonElement(found[0]!)).toEqual({ ok: false, key: KEY, reason: 'Not valid JSON' });
    await expect(elements('')).rejects.toThrow(ExportShapeError);
    await expect(elements('{"tickets": [{"key": 1}')).rejects.toThrow('the JSON ends before it is complete');
    await expect(elements('{"rows": []}')).rejects.toThrow('no "tickets" array');
    await expect(elements('"just a string"')).rejects.toThrow(ExportShapeError);
    await expect(elements('[] []')).rejects.toThrow('more text after the end');
  });

  it('drops a giant element without holding it, as one failure', async () => {
    const huge = `["${'a'.repeat(MAX_ELEMENT_CHARS + 10)}", 1]`;
    const found = await elements(huge, 1 << 16);
    expect(found[0]).toMatchObject({ item: 1, text: null });
    expect(checkJsonElement(found[0]!)).toMatchObject({ ok: false, reason: expect.stringContaining('larger than') });
    expect(found[1]!.text).toBe('1');
  });

  it('checks each ticket with the push schema: key format, dates, content shape', () => {
    const check = (value: unknown) => checkJsonElement({ item: 1, line: 1, text: JSON.stringify(value) });
    expect(check({ ...ticket, key: ' abcde-12345-fghij-klmno-pqrst ' })).toMatchObject({ ok: true, ticket: { key: KEY } });
    expect(check({ ...ticket, key: 'ABCDE-12345' })).toMatchObject({ ok: false, key: 'ABCDE-12345', reason: 'key: Invalid Key Format' });
    expect(check({ ...ticket, content: content('2026-02-30') })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^content\.mainProductInfo\.licenseExp: /),
    });
    expect(check({ ...ticket, extra: 1 })).toMatchObject({ ok: false });
    expect(check(42)).toMatchObject({ ok: false, key: '' });
  });
});

describe('CSV export rows', () => {
  async function rows(text: string) {
    const out = [];
    for await (const record of csvRecords(chunks(text, 5))) out.push(record);
    return out;
  }

  it('reads the summary columns in any order under aliases, quoted fields included', async () => {
    const [header, first, second] = await rows(
      `Ticket Key;Reseller Id;Product;Licence expiry;Maintenance;Network;Commercial;Dongle\r\n${KEY.toLowerCase()};DD-ROOT;"CAM ""Pro""; 5-axis";2027-03-01;;ja;no;3-1\r\nAAAAA-BBBBB-CCCCC-DDDDD-EEEEE;DD-NORTH;Basic;;;;;\r\n`,
    );
    const map = mapHeader(header!.fields);
    expect(checkCsvRow(map, first!.fields)).toEqual({
      ok: true,
      ticket: {
        key: KEY,
        dealerCode: 'DD-ROOT',
        content: {
          ...content(),
          mainProductInfo: {
            dongleId: '3-1',
            productName: 'CAM "Pro"; 5-axis',
            licenseExp: '2027-03-01',
            maintenanceExp: null,
            isNetwork: true,
            isCommercial: false,
          },
        },
      },
    });
    expect(checkCsvRow(map, second!.fields)).toMatchObject({
      ok: true,
      ticket: { content: { mainProductInfo: { licenseExp: null, isNetwork: false } } },
    });
  });

  it('takes a whole content cell as JSON, and names the column of a bad cell', () => {
    const map = mapHeader(['key', 'dealerId', 'content', 'licenseExp', 'isNetwork']);
    expect(checkCsvRow(map, [KEY, 'DD-ROOT', JSON.stringify(content()), 'ignored', 'ignored'])).toMatchObject({
      ok: true,
      ticket: { content: content() },
    });
    expect(checkCsvRow(map, [KEY, 'DD-ROOT', '{broken', '', ''])).toEqual({ ok: false, key: KEY, reason: 'content: not valid JSON' });
    expect(checkCsvRow(map, [KEY, 'DD-ROOT', '', '01.03.2027', ''])).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^licenseExp: /),
    });
    expect(checkCsvRow(map, [KEY, 'DD-ROOT', '', '', 'maybe'])).toEqual({ ok: false, key: KEY, reason: 'isNetwork: expected yes or no' });
    expect(checkCsvRow(map, ['ABCDE', 'DD-ROOT', '', '', ''])).toMatchObject({
      ok: false,
      key: 'ABCDE',
      reason: 'key: Invalid Key Format',
    });
    expect(checkCsvRow(map, [KEY, '', '', '', ''])).toMatchObject({ ok: false, reason: expect.stringMatching(/^dealerId: /) });
  });

  it('refuses a header without the key or the dealer', () => {
    expect(() => mapHeader(['product', 'dealer'])).toThrow('The header row lacks the column(s) key');
  });
});
