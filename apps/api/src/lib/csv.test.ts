import { describe, expect, it } from 'vitest';
import { CsvParser, decodeChunks, detectEncoding, detectSeparator, headerReader, type CsvRecord } from './csv.ts';

/** Feeds the text in pieces of `size` characters: records must not depend on where chunks end. */
function parse(text: string, size = text.length): CsvRecord[] {
  const parser = new CsvParser();
  const records: CsvRecord[] = [];
  for (let i = 0; i < text.length; i += size) records.push(...parser.push(text.slice(i, i + size)));
  records.push(...parser.end());
  return records;
}

async function* bytes(...chunks: Buffer[]) {
  for (const chunk of chunks) yield chunk;
}

async function text(chunks: AsyncIterable<string>): Promise<string> {
  let all = '';
  for await (const chunk of chunks) all += chunk;
  return all;
}

describe('CSV parser', () => {
  const sample = 'id;name;note\r\n1;"Müller; Hans";"line one\r\nline ""two"""\r\n\r\n2;Plain;\r\n3;"unterminated';

  it('reads quoted separators, line breaks and doubled quotes, keeping row numbers across blank lines', () => {
    for (const size of [1, 2, 3, 7, 1000]) {
      expect(parse(sample, size)).toEqual([
        { row: 1, fields: ['id', 'name', 'note'], unterminated: false },
        { row: 2, fields: ['1', 'Müller; Hans', 'line one\r\nline "two"'], unterminated: false },
        { row: 4, fields: ['2', 'Plain', ''], unterminated: false },
        { row: 5, fields: ['3', 'unterminated'], unterminated: true },
      ]);
    }
  });

  it('keeps a quote inside an unquoted field, text after a closing quote, and drops a stray carriage return', () => {
    for (const size of [1, 2, 5, 1000]) {
      expect(parse('a;b;c\n12" screen;"ab"cd;x\ry\n"";"""";z\n', size).map((record) => record.fields)).toEqual([
        ['a', 'b', 'c'],
        ['12" screen', 'abcd', 'xy'],
        ['', '"', 'z'],
      ]);
    }
  });

  it('detects the separator from the header line, outside quotes', () => {
    expect(detectSeparator('a,b,c')).toBe(',');
    expect(detectSeparator('a;b;c')).toBe(';');
    expect(detectSeparator('"a,b";c;d')).toBe(';');
    expect(detectSeparator('single')).toBe(',');
    expect(parse('a,b\n1,"x;y"\n')).toEqual([
      { row: 1, fields: ['a', 'b'], unterminated: false },
      { row: 2, fields: ['1', 'x;y'], unterminated: false },
    ]);
  });

  it('reads a header without a line end, and a last line without one', () => {
    expect(parse('a;b', 1)).toEqual([{ row: 1, fields: ['a', 'b'], unterminated: false }]);
    expect(parse('a\n1', 1).map((r) => r.fields)).toEqual([['a'], ['1']]);
  });
});

describe('CSV encodings', () => {
  it('reads UTF-8 with a byte order mark, even when a character is split between chunks', async () => {
    const file = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('name\nGrüße\n')]);
    const parts = [file.subarray(0, 2), file.subarray(2, 9), file.subarray(9, 10), file.subarray(10)];
    expect(await detectEncoding(bytes(...parts))).toBe('utf-8');
    expect(await text(decodeChunks(bytes(...parts), 'utf-8'))).toBe('name\nGrüße\n');
  });

  it('falls back to Windows-1252 when a byte late in the file is no UTF-8', async () => {
    const late = Buffer.concat([Buffer.from('a'.repeat(100_000)), Buffer.from([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x80])]);
    expect(await detectEncoding(bytes(late.subarray(0, 65_536), late.subarray(65_536)))).toBe('windows-1252');
    expect((await text(decodeChunks(bytes(late), 'windows-1252'))).endsWith('Müller€')).toBe(true);
  });
});

describe('headerReader', () => {
  const read = headerReader(
    ['customerId', 'city'] as const,
    { kundennummer: 'customerId', ort: 'city' },
    ['customerId'],
    (message) => new RangeError(message),
  );

  it('matches names without case, spaces or punctuation, and aliases; the first of a repeated column wins', () => {
    expect(read(['Customer-ID', 'Ort', 'constructor', 'City'])).toEqual({ customerId: 0, city: 1 });
    expect(read([' kundennummer '])).toEqual({ customerId: 0 });
  });

  it('throws the caller’s error when a required column is missing', () => {
    expect(() => read(['city'])).toThrow(new RangeError('The header row lacks the column(s) customerId'));
  });
});
