/**
 * A streaming CSV reader for files as spreadsheets write them (RFC 4180 plus what Excel does):
 * fields separated by commas or semicolons (decided from the header line), quoted fields holding
 * separators, line breaks and doubled quotes, CRLF or LF line ends. Text arrives in chunks and
 * records leave as soon as they are complete, so memory holds one chunk and one record, never the file.
 */
export type CsvEncoding = 'utf-8' | 'windows-1252';

export interface CsvRecord {
  /** 1-based record number in the file, as a spreadsheet numbers its rows (the header is 1). */
  row: number;
  fields: string[];
  /** The file ended inside a quoted field of this record. */
  unterminated: boolean;
}

/**
 * Valid UTF-8 is read as UTF-8; anything else (Excel's "CSV" on Western Windows) as Windows-1252,
 * in which every byte is some character. The whole file decides, read once as a stream: a single
 * "ü" in the last row of a Windows-1252 file must not be turned into replacement characters.
 */
export async function detectEncoding(source: AsyncIterable<Buffer>): Promise<CsvEncoding> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const valid = (chunk?: Buffer) => {
    try {
      decoder.decode(chunk, { stream: chunk !== undefined });
      return true;
    } catch {
      return false;
    }
  };
  // Only the decoder's verdict counts: a failing stream is an error, not a sign of Windows-1252.
  for await (const chunk of source) if (!valid(chunk)) return 'windows-1252';
  return valid() ? 'utf-8' : 'windows-1252';
}

/** The bytes as text chunks; a UTF-8 byte order mark is dropped (TextDecoder does that by default). */
export async function* decodeChunks(source: AsyncIterable<Buffer>, encoding: CsvEncoding): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding);
  for await (const chunk of source) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** The records of a stored CSV file, read twice as a stream: once to tell its encoding, once for the rows. */
export async function* csvFileRecords(open: () => Promise<AsyncIterable<Buffer>>): AsyncGenerator<CsvRecord> {
  const encoding = await detectEncoding(await open());
  yield* csvRecords(decodeChunks(await open(), encoding));
}

/** A column name as spreadsheets vary it: compared without case, spaces or punctuation. */
function normaliseColumn(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * Reads a header row into column → position. Names match without case, spaces or punctuation, and
 * `aliases` (keys already normalised) add common spellings; unknown columns are ignored, the first
 * of a repeated name wins, and a missing required column is thrown as `fail` makes it.
 */
export function headerReader<C extends string>(
  columns: readonly C[],
  aliases: Record<string, C>,
  required: readonly C[],
  fail: (message: string) => Error,
) {
  const names = new Map<string, C>(Object.entries(aliases));
  for (const column of columns) names.set(normaliseColumn(column), column);
  return (fields: string[]): Partial<Record<C, number>> => {
    const map: Partial<Record<C, number>> = {};
    fields.forEach((name, index) => {
      const column = names.get(normaliseColumn(name));
      if (column && map[column] === undefined) map[column] = index;
    });
    const missing = required.filter((column) => map[column] === undefined);
    if (missing.length > 0) throw fail(`The header row lacks the column(s) ${missing.join(', ')}`);
    return map;
  };
}

/** The separator the header line uses most, outside quotes; comma when it has neither. */
export function detectSeparator(headerLine: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const c of headerLine) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === ',') commas += 1;
    else if (!quoted && c === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

/** Records of a CSV text given in chunks. Blank lines are skipped but keep their row number. */
export async function* csvRecords(chunks: AsyncIterable<string>): AsyncGenerator<CsvRecord> {
  const parser = new CsvParser();
  for await (const chunk of chunks) yield* parser.push(chunk);
  yield* parser.end();
}

export class CsvParser {
  private separator: string | null = null;
  /** Text held back until the header line is complete and the separator known. */
  private pending = '';
  private field = '';
  private fields: string[] = [];
  private inQuotes = false;
  /** A quote seen inside a quoted field: a doubled quote if the next character is one too. */
  private quoteSeen = false;
  private row = 1;

  /**
   * The records the text completes, made one at a time as they are taken: a consumer that stops
   * between records (to commit a batch) holds the chunk's text, not all of its records parsed.
   * Take them all before pushing the next text.
   */
  *push(text: string): Generator<CsvRecord> {
    if (this.separator === null) {
      this.pending += text;
      if (this.pending.indexOf('\n') < 0) return;
      yield* this.start();
      return;
    }
    yield* this.scan(text);
  }

  *end(): Generator<CsvRecord> {
    if (this.separator === null) yield* this.start();
    const unterminated = this.inQuotes && !this.quoteSeen;
    if (this.field !== '' || this.fields.length > 0 || this.inQuotes) yield* this.emit(unterminated);
  }

  private *start(): Generator<CsvRecord> {
    const end = this.pending.indexOf('\n');
    this.separator = detectSeparator(end < 0 ? this.pending : this.pending.slice(0, end));
    const text = this.pending;
    this.pending = '';
    yield* this.scan(text);
  }

  /**
   * Fields are cut from the chunk with `slice` between the characters that matter (separator,
   * line end, quotes, carriage returns), not built a character at a time: `field += c` makes
   * every field a chain of one-character strings, about 30 bytes per character of the file,
   * which made a 100,000-row import grow the server by 128 MB.
   */
  private *scan(text: string): Generator<CsvRecord> {
    const separator = this.separator!;
    // The current field is this.field followed by text[start, i).
    let start = 0;
    const take = (end: number) => {
      if (end > start) this.field += text.slice(start, end);
    };
    for (let i = 0; i < text.length; i += 1) {
      const c = text[i]!;
      if (this.inQuotes) {
        if (this.quoteSeen) {
          this.quoteSeen = false;
          if (c === '"') {
            this.field += '"';
            start = i + 1;
            continue;
          }
          // The quote closed the field; this character is read as outside quotes.
          this.inQuotes = false;
        } else {
          if (c === '"') {
            take(i);
            this.quoteSeen = true;
            start = i + 1;
          }
          continue;
        }
      }
      if (c === separator) {
        take(i);
        this.fields.push(this.field);
        this.field = '';
        start = i + 1;
      } else if (c === '\n') {
        take(i);
        yield* this.emit(false);
        start = i + 1;
      } else if (c === '"' && this.field === '' && start === i) {
        this.inQuotes = true;
        start = i + 1;
      } else if (c === '\r') {
        // A carriage return outside quotes only ever ends a line (CRLF); inside quotes it stays.
        take(i);
        start = i + 1;
      }
    }
    // A field the chunk ends in continues in the next one.
    take(text.length);
  }

  private emit(unterminated: boolean): CsvRecord[] {
    this.fields.push(this.field);
    const fields = this.fields;
    const row = this.row;
    this.fields = [];
    this.field = '';
    this.inQuotes = false;
    this.quoteSeen = false;
    this.row += 1;
    const blank = fields.length === 1 && fields[0] === '';
    return blank ? [] : [{ row, fields, unterminated }];
  }
}
