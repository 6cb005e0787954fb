import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadCsv, toCsv } from './csv.ts';

describe('toCsv', () => {
  it('writes a header and rows separated by CRLF, numbers and booleans as they are', () => {
    expect(
      toCsv(
        ['Id', 'Name', 'Ok'],
        [
          [1, 'Demo Mill', true],
          [2, 'Other', false],
        ],
      ),
    ).toBe('Id,Name,Ok\r\n1,Demo Mill,true\r\n2,Other,false\r\n');
  });

  it('quotes commas, quotes and line breaks, doubling the quotes', () => {
    const csv = toCsv(['a'], [['x, y'], ['say "hi"'], ['two\nlines'], ['cr\rhere']]);
    expect(csv).toBe('a\r\n"x, y"\r\n"say ""hi"""\r\n"two\nlines"\r\n"cr\rhere"\r\n');
  });

  it.each(['=SUM(A1)', '+1', '-1+2', '@cmd', '\t=1', '\r=1'])('defuses the formula %j with a leading apostrophe', (cell) => {
    const line = toCsv(['h'], [[cell]]).split('\r\n')[1]!;
    expect(line.startsWith(`"'`)).toBe(true);
    expect(line.slice(2, 2 + cell.length)).toBe(cell.replace(/"/g, '""'));
  });

  it('leaves negative numbers alone (they are numbers, not formulas) and writes null as empty', () => {
    expect(toCsv(['n', 'e'], [[-3, null]])).toBe('n,e\r\n-3,\r\n');
  });

  it('keeps names in any script intact', () => {
    expect(toCsv(['name'], [['Zahntechnik Müller, Łódź']])).toBe('name\r\n"Zahntechnik Müller, Łódź"\r\n');
  });
});

describe('downloadCsv', () => {
  afterEach(() => vi.restoreAllMocks());

  it('downloads a UTF-8 file that starts with a BOM, so Excel reads umlauts right', async () => {
    let blob: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((value) => {
      blob = value as Blob;
      return 'blob:test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    downloadCsv('x.csv', 'a\r\nä\r\n');
    expect(click).toHaveBeenCalledOnce();
    expect(blob!.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await blob!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('a\r\nä\r\n');
  });
});
