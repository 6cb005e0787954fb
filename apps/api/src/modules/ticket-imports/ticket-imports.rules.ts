import { pushedTicketSchema } from '@casebridge/shared/schemas/licence-tickets';
import type { z } from 'zod';
import { headerReader } from '../../lib/csv.ts';
import { UnreadableImport } from '../../platform/imports/import-errors.ts';

/**
 * From the licence server's export to tickets as the push takes them (issue 14 "Where tickets come
 * from"). Two formats:
 *
 * - JSON: the push body `{"tickets": [...]}` or just its array `[...]`, each element a
 *   `{key, dealerCode, content}` checked with the push's own schema. `JsonTicketScanner` cuts the
 *   elements out of the text as it streams past, so memory holds one ticket, never the file.
 * - CSV: one ticket per row; the header names the columns (see COLUMNS) in any order. A row carries
 *   either the whole licence content as JSON in its `content` cell or just the summary columns, from
 *   which a content with empty licence lists is built.
 */
export type PushedTicket = z.infer<typeof pushedTicketSchema>;

export const COLUMNS = [
  'key',
  'dealerId',
  'dongleId',
  'productName',
  'licenseExp',
  'maintenanceExp',
  'isNetwork',
  'isCommercial',
  'content',
] as const;
export type Column = (typeof COLUMNS)[number];
const REQUIRED: readonly Column[] = ['key', 'dealerId'];

/** Other spellings, already normalised (lower case, letters and digits only). */
const ALIASES: Record<string, Column> = {
  ticket: 'key',
  ticketid: 'key',
  ticketkey: 'key',
  licencekey: 'key',
  licensekey: 'key',
  ticketnumber: 'key',
  dealer: 'dealerId',
  dealercode: 'dealerId',
  reseller: 'dealerId',
  resellerid: 'dealerId',
  resellercode: 'dealerId',
  dongle: 'dongleId',
  dongleno: 'dongleId',
  product: 'productName',
  licenceexp: 'licenseExp',
  licenceexpiry: 'licenseExp',
  licenseexpiry: 'licenseExp',
  expiry: 'licenseExp',
  maintenanceexpiry: 'maintenanceExp',
  maintenance: 'maintenanceExp',
  network: 'isNetwork',
  commercial: 'isCommercial',
  licencecontent: 'content',
  licensecontent: 'content',
};

export type HeaderMap = Partial<Record<Column, number>>;

/** The file cannot be read as a ticket export at all: the import stops, no retry helps. */
export class ExportShapeError extends UnreadableImport {}

export const mapHeader: (fields: string[]) => HeaderMap = headerReader(
  COLUMNS,
  ALIASES,
  REQUIRED,
  (message) => new ExportShapeError(message),
);

/** A ticket ready for the upsert (dealer still by code), or why not, with the key as written for the log. */
export type CheckedTicket = { ok: true; ticket: PushedTicket } | { ok: false; key: string; reason: string };

const TRUE = new Set(['true', 'yes', 'y', '1', 'x', 'ja', 'oui', 'si', 'sì', 'tak']);
const FALSE = new Set(['', 'false', 'no', 'n', '0', 'nein', 'non', 'nie']);

/** What a failure shows as the key: the cell or property as given, cut short (it may be junk). */
function keyOf(value: unknown): string {
  return typeof value === 'string' ? value.trim().slice(0, 60) : '';
}

/** The push's schema decides; its first complaint, named by the field's path, is the reason. */
export function checkTicket(candidate: unknown): CheckedTicket {
  const result = pushedTicketSchema.safeParse(candidate);
  if (result.success) return { ok: true, ticket: result.data };
  const key = keyOf((candidate as { key?: unknown } | null)?.key);
  const issue = result.error.issues[0]!;
  const path = issue.path.join('.') || 'ticket';
  return { ok: false, key, reason: `${path}: ${issue.message}` };
}

export function checkCsvRow(header: HeaderMap, fields: string[]): CheckedTicket {
  const value = (column: Column) => {
    const index = header[column];
    return index === undefined ? '' : (fields[index] ?? '').trim();
  };
  const key = value('key');
  const flag = (column: 'isNetwork' | 'isCommercial'): boolean | string => {
    const text = value(column).toLowerCase();
    if (TRUE.has(text)) return true;
    if (FALSE.has(text)) return false;
    return `${column}: expected yes or no`;
  };
  let content: unknown;
  const contentCell = value('content');
  if (contentCell) {
    try {
      content = JSON.parse(contentCell);
    } catch {
      return { ok: false, key: keyOf(key), reason: 'content: not valid JSON' };
    }
  } else {
    const isNetwork = flag('isNetwork');
    const isCommercial = flag('isCommercial');
    if (typeof isNetwork === 'string') return { ok: false, key: keyOf(key), reason: isNetwork };
    if (typeof isCommercial === 'string') return { ok: false, key: keyOf(key), reason: isCommercial };
    content = {
      mainProductInfo: {
        dongleId: value('dongleId'),
        productName: value('productName'),
        licenseExp: value('licenseExp') || null,
        maintenanceExp: value('maintenanceExp') || null,
        isNetwork,
        isCommercial,
      },
      activationLicenses: [],
      orderedLicenses: [],
      licenseDetails: [],
      nonExpandables: [],
    };
  }
  const checked = checkTicket({ key, dealerCode: value('dealerId'), content });
  // Named as the file's columns, not the push body's paths (unless the content cell was given whole).
  if (!checked.ok && !contentCell)
    checked.reason = checked.reason.replace(/^content\.mainProductInfo\./, '').replace(/^dealerCode:/, 'dealerId:');
  return checked;
}

// ---- JSON, streamed ----

/** One element of the export's ticket array: its ordinal, the line it starts on, its text (or why none). */
export interface JsonElement {
  item: number;
  line: number;
  text: string | null;
  /** Set when the element is not kept (too large): the reason for the failure log. */
  problem?: string;
}

/** A ticket with the largest content the schema allows is well below this; anything bigger is not one. */
export const MAX_ELEMENT_CHARS = 8 * 1024 * 1024;

/**
 * Finds the elements of the ticket array in JSON text given in chunks: the root array, or the
 * array under the root object's `tickets` key (other keys are skipped). It follows only strings and
 * brackets; each element's own syntax is JSON.parse's business later, so a broken ticket is one
 * failed row rather than a failed import. Text outside the elements must be well-bracketed JSON.
 */
export class JsonTicketScanner {
  private line = 1;
  private depth = 0;
  private root: '{' | '[' | null = null;
  /** The depth inside the ticket array (1 for a root array, 2 under `tickets`); 0 until it is found. */
  private itemDepth = 0;
  private itemsDone = false;
  private inString = false;
  private escaped = false;
  /** The root object's last key, captured while it is read; `afterColon` once its ':' is seen. */
  private keyText: string | null = null;
  private lastKey: string | null = null;
  private afterColon = false;
  private items = 0;
  private parts: string[] | null = null;
  private partStart = 0;
  private partChars = 0;
  private itemLine = 0;
  private tooLarge = false;

  push(chunk: string): JsonElement[] {
    const out: JsonElement[] = [];
    if (this.parts) this.partStart = 0;
    for (let i = 0; i < chunk.length; i += 1) {
      const c = chunk[i]!;
      if (c === '\n') this.line += 1;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === '\\') this.escaped = true;
        else if (c === '"') {
          this.inString = false;
          if (this.keyText !== null) {
            this.lastKey = this.keyText;
            this.keyText = null;
          }
        } else if (this.keyText !== null && this.keyText.length < 100) this.keyText += c;
        continue;
      }
      if (c === ' ' || c === '\t' || c === '\r' || c === '\n') continue;
      const inItems = this.itemDepth > 0 && !this.itemsDone && this.depth >= this.itemDepth;
      if (inItems && this.depth === this.itemDepth && (c === ',' || c === ']')) {
        if (this.parts) out.push(this.endElement(chunk, i));
        if (c === ']') {
          this.depth -= 1;
          this.itemsDone = true;
        }
        continue;
      }
      if (inItems && this.depth === this.itemDepth && !this.parts) this.startElement(i);
      if (c === '"') {
        this.inString = true;
        // A key of the root object (a string there that is no value).
        if (this.root === '{' && this.depth === 1 && !this.afterColon) this.keyText = '';
        this.afterColon = false;
        continue;
      }
      if (c === '{' || c === '[') {
        if (this.depth === 0) {
          if (this.root !== null) throw new ExportShapeError(`Line ${this.line}: more text after the end of the JSON`);
          this.root = c;
          if (c === '[') this.itemDepth = 1;
        } else if (
          this.root === '{' &&
          this.depth === 1 &&
          this.afterColon &&
          this.lastKey === 'tickets' &&
          c === '[' &&
          this.itemDepth === 0
        ) {
          this.itemDepth = 2;
        }
        this.depth += 1;
        this.afterColon = false;
        continue;
      }
      if (c === '}' || c === ']') {
        if (this.depth === 0) throw new ExportShapeError(`Line ${this.line}: unexpected "${c}"`);
        this.depth -= 1;
        this.afterColon = false;
        continue;
      }
      if (this.depth === 0) throw new ExportShapeError(`Line ${this.line}: the file is not a JSON array or object of tickets`);
      if (this.root === '{' && this.depth === 1) this.afterColon = c === ':';
    }
    if (this.parts && !this.tooLarge) this.keep(chunk.slice(this.partStart));
    return out;
  }

  end(): JsonElement[] {
    if (this.root === null) throw new ExportShapeError('The file is empty: it needs a JSON array of tickets');
    if (this.inString || this.depth !== 0) throw new ExportShapeError(`Line ${this.line}: the JSON ends before it is complete`);
    if (this.itemDepth === 0) throw new ExportShapeError('The JSON object has no "tickets" array');
    return [];
  }

  private startElement(index: number): void {
    this.items += 1;
    this.parts = [];
    this.partStart = index;
    this.partChars = 0;
    this.itemLine = this.line;
    this.tooLarge = false;
  }

  private keep(text: string): void {
    this.partChars += text.length;
    // Past the limit the text is dropped at once: a huge element costs no memory, only a failure.
    if (this.partChars > MAX_ELEMENT_CHARS) {
      this.tooLarge = true;
      this.parts = [];
    } else this.parts!.push(text);
  }

  private endElement(chunk: string, index: number): JsonElement {
    if (!this.tooLarge) this.keep(chunk.slice(this.partStart, index));
    const element: JsonElement = this.tooLarge
      ? { item: this.items, line: this.itemLine, text: null, problem: `The ticket is larger than ${MAX_ELEMENT_CHARS / 1024 / 1024} MB` }
      : { item: this.items, line: this.itemLine, text: this.parts!.join('').trimEnd() };
    this.parts = null;
    return element;
  }
}

/** Elements of a JSON export given as text chunks. */
export async function* jsonElements(chunks: AsyncIterable<string>): AsyncGenerator<JsonElement> {
  const scanner = new JsonTicketScanner();
  for await (const chunk of chunks) yield* scanner.push(chunk);
  yield* scanner.end();
}

/** One JSON element as a ticket, or why not. */
export function checkJsonElement(element: JsonElement): CheckedTicket {
  if (element.text === null) return { ok: false, key: '', reason: element.problem ?? 'The ticket could not be read' };
  let value: unknown;
  try {
    value = JSON.parse(element.text);
  } catch {
    return { ok: false, key: /"key"\s*:\s*"([^"]{0,60})"/.exec(element.text)?.[1] ?? '', reason: 'Not valid JSON' };
  }
  return checkTicket(value);
}
