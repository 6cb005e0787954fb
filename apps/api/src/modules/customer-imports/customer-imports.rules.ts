import { customerInfoSchema, type CustomerInfo } from '@casebridge/shared/schemas/dealers';
import { headerReader } from '../../lib/csv.ts';
import { UnreadableImport } from '../../platform/imports/import-errors.ts';

/**
 * From a CSV record to a customer: the header row names the columns in any order; each name is
 * compared without case, spaces or punctuation, and common spellings count ("Zip", "Post code",
 * "E-Mail", "Reseller Id"). Each row is checked with the same schema as the customer form.
 *
 * Which dealer a customer belongs to is a column of the file (`dealerId`, the dealer's public id):
 * one file can then fill a whole network, and a row's dealer is as visible as its other fields.
 */
export const COLUMNS = [
  'customerId',
  'dealerId',
  'title',
  'salutation',
  'firstName',
  'lastName',
  'position',
  'company',
  'address1',
  'address2',
  'address3',
  'zipCode',
  'city',
  'district',
  'state',
  'country',
  'phone',
  'email',
  'webUrl',
  'showInfoToOutOfMaintenanceUsers',
] as const;
export type Column = (typeof COLUMNS)[number];

const REQUIRED: readonly Column[] = ['customerId', 'dealerId', 'firstName', 'lastName', 'company'];

/** Other spellings, already normalised (lower case, letters and digits only). */
const ALIASES: Record<string, Column> = {
  customer: 'customerId',
  customercode: 'customerId',
  customerno: 'customerId',
  customernumber: 'customerId',
  kundennummer: 'customerId',
  dealer: 'dealerId',
  dealercode: 'dealerId',
  reseller: 'dealerId',
  resellerid: 'dealerId',
  resellercode: 'dealerId',
  firstname: 'firstName',
  givenname: 'firstName',
  forename: 'firstName',
  vorname: 'firstName',
  lastname: 'lastName',
  surname: 'lastName',
  familyname: 'lastName',
  nachname: 'lastName',
  jobtitle: 'position',
  companyname: 'company',
  organisation: 'company',
  organization: 'company',
  firma: 'company',
  address: 'address1',
  street: 'address1',
  addressline1: 'address1',
  addressline2: 'address2',
  addressline3: 'address3',
  zip: 'zipCode',
  postcode: 'zipCode',
  postalcode: 'zipCode',
  plz: 'zipCode',
  town: 'city',
  ort: 'city',
  region: 'state',
  province: 'state',
  telephone: 'phone',
  tel: 'phone',
  phonenumber: 'phone',
  mail: 'email',
  emailaddress: 'email',
  website: 'webUrl',
  url: 'webUrl',
  web: 'webUrl',
  homepage: 'webUrl',
  showinfo: 'showInfoToOutOfMaintenanceUsers',
};

/** Column → position in the record. */
export type HeaderMap = Partial<Record<Column, number>>;

export class HeaderError extends UnreadableImport {}

/** Reads the header row; unknown columns are ignored, a missing required one stops the import. */
export const mapHeader: (fields: string[]) => HeaderMap = headerReader(COLUMNS, ALIASES, REQUIRED, (message) => new HeaderError(message));

export type ParsedRow = { ok: true; dealerCode: string; info: CustomerInfo } | { ok: false; reason: string };

const TRUE = new Set(['true', 'yes', 'y', '1', 'x', 'ja', 'oui', 'si', 'sì', 'tak']);
const FALSE = new Set(['', 'false', 'no', 'n', '0', 'nein', 'non', 'nie']);

/** Thrown while a row is read: the row is refused with this reason. */
class RowRefusal extends Error {}

/** Where a line break in a cell comes from: a spreadsheet cell of several lines (Alt+Enter in Excel). */
const LINE_BREAK = /\s*[\r\n]+\s*/;
const ADDRESS_LINES = 3;

/** One data row as a customer, or why it cannot be one. */
export function parseRow(header: HeaderMap, fields: string[]): ParsedRow {
  try {
    return readRow(header, fields);
  } catch (error) {
    if (error instanceof RowRefusal) return { ok: false, reason: error.message };
    throw error;
  }
}

function readRow(header: HeaderMap, fields: string[]): ParsedRow {
  const raw = (column: Column) => {
    const index = header[column];
    return index === undefined ? '' : (fields[index] ?? '').trim();
  };
  const value = (column: Column) => oneLine(column, raw(column));
  const address = addressLines(raw('address1'), raw('address2'), raw('address3'));
  const flag = value('showInfoToOutOfMaintenanceUsers').toLowerCase();
  if (!TRUE.has(flag) && !FALSE.has(flag)) return { ok: false, reason: 'showInfoToOutOfMaintenanceUsers: expected yes or no' };
  const dealerCode = value('dealerId');
  if (!dealerCode) return { ok: false, reason: 'dealerId: Reseller Id required' };
  const result = customerInfoSchema.safeParse({
    customerId: value('customerId'),
    title: value('title'),
    salutation: value('salutation'),
    firstName: value('firstName'),
    lastName: value('lastName'),
    position: value('position'),
    company: value('company'),
    contactInformation: {
      address1: address[0],
      address2: address[1],
      address3: address[2],
      zipCode: value('zipCode'),
      city: value('city'),
      district: value('district'),
      state: value('state'),
      country: value('country'),
      phone: value('phone'),
      email: value('email'),
      webUrl: value('webUrl'),
    },
    permissions: { showInfoToOutOfMaintenanceUsers: TRUE.has(flag) },
  });
  if (result.success) return { ok: true, dealerCode, info: result.data };
  // The column the spreadsheet shows, not the nested path of the API's customer object.
  const issue = result.error.issues[0]!;
  const column = String(issue.path[issue.path.length - 1] ?? 'row');
  return { ok: false, reason: `${column}: ${issue.message}` };
}

/**
 * A field of one line. A cell of several lines is refused, not joined: whether "Müller⏎Schmidt"
 * is one name or two values, only the person who made the file knows (ADR 0011).
 */
function oneLine(column: Column, text: string): string {
  if (LINE_BREAK.test(text)) throw new RowRefusal(`${column}: the cell has a line break, but this field holds one line`);
  return text;
}

/**
 * The address keeps its lines: a cell of several lines fills the address lines in order when the
 * file leaves the others empty. An address that does not fit them is refused, never joined.
 */
function addressLines(first: string, second: string, third: string): [string, string, string] {
  const lines = first.split(LINE_BREAK).filter(Boolean);
  if (lines.length <= 1) return [first, oneLine('address2', second), oneLine('address3', third)];
  if (second || third) throw new RowRefusal('address1: the cell has several lines, but address2 or address3 is filled too');
  if (lines.length > ADDRESS_LINES) throw new RowRefusal(`address1: the cell has ${lines.length} lines; an address holds ${ADDRESS_LINES}`);
  return [lines[0]!, lines[1]!, lines[2] ?? ''];
}
