import { Readable } from 'node:stream';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { customerImports } from '../../db/schema/customer-imports.ts';
import { dealerCustomers, dealers } from '../../db/schema/dealers.ts';
import { users } from '../../db/schema/users.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { createDealer, createDealerCustomer, createLab, createManager, createMill, signIn } from '../../../test/factories.ts';
import { multipartForm } from '../../../test/multipart.ts';
import { createTestApp, waitForMail, type TestApp } from '../../../test/test-app.ts';
import { breakingOff } from '../../platform/imports/background-import.testing.ts';
import { insertImport } from './customer-imports.repository.ts';

let t: TestApp;
let managerJwt: string;
let managerId: number;
let dealerA: string;
let dealerB: string;

beforeAll(async () => {
  t = await createTestApp();
  const manager = await createManager(t.db);
  managerId = manager.id;
  managerJwt = await signIn(t, manager.email);
  dealerA = (await createDealer(t.db)).dealer.dealerCode;
  dealerB = (await createDealer(t.db)).dealer.dealerCode;
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await t.app.deps.jobs.idle(['customers.import'], 60_000);
});

function upload(content: Buffer | string, name = 'customers.csv', token = managerJwt) {
  const form = multipartForm(
    {},
    { field: 'files.file', name, content: Buffer.isBuffer(content) ? content : Buffer.from(content), type: 'text/csv' },
  );
  return t.request({ method: 'POST', url: '/api/customers/import', token, ...form });
}

async function status(token = managerJwt) {
  return t.request({ method: 'GET', url: '/api/data-import-logs/active/import', token });
}

/** Uploads, waits for the job, and answers the finished log. */
async function imported(content: Buffer | string, name?: string) {
  const response = await upload(content, name);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().status).toBe('running');
  await t.app.deps.jobs.idle(['customers.import'], 60_000);
  const answer = (await status()).json();
  expect(answer.status).toBe('idle');
  return answer.dataImportLog;
}

async function customer(code: string) {
  const [row] = await t.db
    .select()
    .from(dealerCustomers)
    .where(sql`lower(${dealerCustomers.customerCode}) = ${code.toLowerCase()}`);
  return row;
}

describe('customer CSV import', () => {
  it('reads UTF-8 with BOM, semicolons, quoted line breaks and doubled quotes; counts duplicates and a bad row exactly', async () => {
    await createDealerCustomer(t.db, (await t.db.select().from(dealers).where(eq(dealers.dealerCode, dealerA)))[0]!.id, {
      customerCode: 'KD-EXIST',
    });
    const rows = [
      'Customer ID;Reseller Id;First Name;Last name;Company;E-Mail;Address;City;Show info',
      `KD-1;${dealerA};Jürgen;Groß;"Praxis ""Zahnweiß""; Berlin";j@example.test;"Hauptstraße 1\r\nHinterhaus";Köln;ja`,
      `KD-2;${dealerB.toLowerCase()};Anna;Nowak;Lab Two;;;;`,
      `KD-3;${dealerA};;Missing;Company;;;;`, // row 4: no first name
      `kd-exist;${dealerA};Dup;Database;Co;;;;`, // row 5: duplicate of the database (other case)
      `KD-1;${dealerA};Dup;File;Co;;;;`, // row 6: duplicate of row 2
      `KD-4;NO-SUCH-DEALER;Eve;Stray;Co;;;;`, // row 7: unknown dealer
      `KD-5;${dealerB};Bo;Bad;Co;not-an-email;;;`, // row 8: bad email
      `KD-6;${dealerA};Last;Row;Final Co;;;;maybe`, // row 9: bad flag
      `KD-7;${dealerA};Zoe;End;End Co;;;;0`,
    ];
    const file = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(rows.join('\r\n') + '\r\n')]);
    const log = await imported(file, 'excel-utf8.csv');
    expect(log.fileName).toBe('excel-utf8.csv');
    expect(log.state).toBe('done');
    expect(log.endTime).not.toBeNull();
    expect(log.importSummary).toEqual({ total: 9, success: 3, duplicates: 2, errors: 4, error: null });
    expect(log.failures.map((f: { row: number }) => f.row)).toEqual([4, 7, 8, 9]);
    expect(log.failures[0].reason).toMatch(/^firstName/);
    expect(log.failures[1].reason).toContain('NO-SUCH-DEALER');
    expect(log.failures[2].reason).toMatch(/^email/);
    const first = await customer('KD-1');
    expect(first).toMatchObject({
      firstName: 'Jürgen',
      lastName: 'Groß',
      company: 'Praxis "Zahnweiß"; Berlin',
      showInfoToOutOfMaintenanceUsers: true,
    });
    expect(first!.contactInformation).toMatchObject({
      address1: 'Hauptstraße 1',
      address2: 'Hinterhaus',
      city: 'Köln',
      email: 'j@example.test',
    });
    expect((await customer('KD-2'))!.dealerId).toBe((await t.db.select().from(dealers).where(eq(dealers.dealerCode, dealerB)))[0]!.id);
    expect((await customer('kd-exist'))!.firstName).toBe('Carla');
    const mail = await waitForMail(t, (m) => m.subject === 'Customer import finished: excel-utf8.csv');
    expect(mail.text).toContain('9 row(s) read: 3 imported, 2 duplicate(s), 4 failed.');
  });

  it('keeps a line break of an address as its lines, and refuses a row with one in a one-line field, saying which', async () => {
    const rows = [
      'customerId,dealerId,firstName,lastName,company,address1,address2,city',
      `LB-1,${dealerA},Ida,Lines,Three Lines Co,"Hof 2\nAufgang B\n3. Stock",,Bonn`,
      `LB-2,${dealerA},Ola,One,"Praxis Berg\r\nZahnmedizin",Weg 1,,Bonn`, // row 3: a company of two lines
      `LB-3,${dealerA},Fay,Four,Four Co,"A\nB\nC\nD",,Bonn`, // row 4: more lines than an address holds
      `LB-4,${dealerA},Sam,Split,Split Co,"Hof 2\nAufgang B",Hinterhaus,Bonn`, // row 5: lines and address2 too
      `LB-5,${dealerA},Tom,"Town","Town Co",Weg 5,,"Bad\nHonnef"`, // row 6: a city of two lines
    ];
    const log = await imported(rows.join('\n') + '\n', 'line-breaks.csv');
    expect(log.importSummary).toEqual({ total: 5, success: 1, duplicates: 0, errors: 4, error: null });
    expect(log.failures).toEqual([
      { row: 3, reason: 'company: the cell has a line break, but this field holds one line' },
      { row: 4, reason: 'address1: the cell has 4 lines; an address holds 3' },
      { row: 5, reason: 'address1: the cell has several lines, but address2 or address3 is filled too' },
      { row: 6, reason: 'city: the cell has a line break, but this field holds one line' },
    ]);
    expect((await customer('LB-1'))!.contactInformation).toMatchObject({
      address1: 'Hof 2',
      address2: 'Aufgang B',
      address3: '3. Stock',
      city: 'Bonn',
    });
    for (const refused of ['LB-2', 'LB-3', 'LB-4', 'LB-5']) expect(await customer(refused), refused).toBeUndefined();
  });

  it('reads Windows-1252 from Excel with commas, columns in another order, and mails in the manager’s language', async () => {
    await t.db.update(users).set({ language: 'de' }).where(eq(users.id, managerId));
    const csv = `company,lastname,firstname,dealerid,customerid,zip\r\n"Müller, Zahntechnik",Müller,Björn,${dealerA},W-1,50667\r\nCafé Dental,Señor,José,${dealerB},W-2,\r\n`;
    const log = await imported(Buffer.from(csv, 'latin1'), 'windows.csv');
    expect(log.importSummary).toEqual({ total: 2, success: 2, duplicates: 0, errors: 0, error: null });
    expect(await customer('W-1')).toMatchObject({ company: 'Müller, Zahntechnik', lastName: 'Müller', firstName: 'Björn' });
    expect((await customer('W-1'))!.contactInformation).toMatchObject({ zipCode: '50667' });
    expect(await customer('W-2')).toMatchObject({ company: 'Café Dental', lastName: 'Señor', firstName: 'José' });
    await waitForMail(t, (m) => m.subject === 'Kundenimport abgeschlossen: windows.csv');
    await t.db.update(users).set({ language: 'en' }).where(eq(users.id, managerId));
  });

  it('ends a file without the required columns as failed, saying which are missing', async () => {
    const log = await imported('name,email\nA,a@example.test\n', 'wrong.csv');
    expect(log.state).toBe('failed');
    expect(log.importSummary.error).toBe('The header row lacks the column(s) customerId, dealerId, firstName, lastName, company');
    await waitForMail(t, (m) => m.subject === 'Customer import stopped: wrong.csv');
  });

  it('accepts only a .csv file', async () => {
    const response = await upload('a,b\n', 'customers.xlsx');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please choose a .csv file');
    const binary = await upload(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]), 'renamed.csv');
    expect(binary.statusCode).toBe(400);
  });

  it('refuses a second upload while one runs, and the database refuses a second running import outright', async () => {
    const running = await insertImport(t.db, {
      userId: managerId,
      fileName: 'busy.csv',
      fileKey: 'customer-imports/AAAAAAAAAAAAAAAAAAAAAA',
    });
    try {
      expect((await status()).json()).toMatchObject({ status: 'running', dataImportLog: { fileName: 'busy.csv', state: 'running' } });
      const refused = await upload(`customerId,dealerId,firstName,lastName,company\nR-1,${dealerA},A,B,C\n`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('A customer import is already running. Please wait until it has finished.');
      expect(refused.json().code).toBe('IMPORT_ALREADY_RUNNING');
      const second = await insertImport(t.db, {
        userId: managerId,
        fileName: 'race.csv',
        fileKey: 'customer-imports/BBBBBBBBBBBBBBBBBBBBBB',
      }).catch((error: unknown) => error);
      expect(isUniqueViolation(second)).toBe(true);
      expect(await customer('R-1')).toBeUndefined();
    } finally {
      await t.db.delete(customerImports).where(eq(customerImports.id, running.id));
    }
  });

  it('ends a running import whose worker is gone honestly, with how far it got', async () => {
    const stale = await insertImport(t.db, {
      userId: managerId,
      fileName: 'crashed.csv',
      fileKey: 'customer-imports/CCCCCCCCCCCCCCCCCCCCCC',
    });
    await t.db
      .update(customerImports)
      .set({ checkpointRow: 2001, successRows: 2000, heartbeatAt: sql`now() - interval '1 hour'` })
      .where(eq(customerImports.id, stale.id));
    const answer = (await status()).json();
    expect(answer.status).toBe('idle');
    expect(answer.dataImportLog).toMatchObject({ fileName: 'crashed.csv', state: 'failed', importSummary: { total: 2000, success: 2000 } });
    expect(answer.dataImportLog.importSummary.error).toContain('after row 2001');
  });

  it('resumes an import interrupted after some batches: every row exactly once, an honest log', { timeout: 60_000 }, async () => {
    const lines = ['customerId,dealerId,firstName,lastName,company'];
    for (let i = 1; i <= 3500; i += 1) lines.push(`INT-${i},${dealerA},First${i},Last${i},Company ${i}`);
    const file = Buffer.from(lines.join('\n') + '\n');
    // Opens: the upload's type check, the encoding pass, then the first read of the rows, which
    // breaks off after about 2,300 rows, as a killed worker would.
    const storage = t.app.deps.storage;
    const open = storage.open.bind(storage);
    let opens = 0;
    storage.open = async (key: string) => {
      const opened = await open(key);
      opens += 1;
      if (!opened || opens !== 3) return opened;
      return { ...opened, stream: Readable.from(breakingOff(opened.stream, 2600 * 40)) };
    };
    try {
      const log = await imported(file, 'interrupted.csv');
      expect(log.state).toBe('done');
      expect(log.importSummary).toEqual({ total: 3500, success: 3500, duplicates: 0, errors: 0, error: null });
    } finally {
      storage.open = open;
    }
    const [row] = await t.db.select().from(customerImports).where(eq(customerImports.fileName, 'interrupted.csv'));
    expect(row!.attempts).toBe(2);
    expect(row!.checkpointRow).toBe(3501);
    const codes = Array.from({ length: 3500 }, (_, i) => `INT-${i + 1}`);
    const [{ n }] = (await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(dealerCustomers)
      .where(inArray(dealerCustomers.customerCode, codes))) as [{ n: number }];
    expect(n).toBe(3500);
    expect(opens).toBe(5);
  });
});

describe('access to the import', () => {
  it('is the manager’s: mill admin, lab and dealer users get 403, anonymous 401', async () => {
    const { admin } = await createMill(t.db);
    const { user: lab } = await createLab(t.db);
    const { user: dealer } = await createDealer(t.db, { dealerRole: 'manager', subDealerAllowed: true });
    for (const caller of [admin, lab, dealer]) {
      const jwt = await signIn(t, caller.email);
      expect((await status(jwt)).statusCode).toBe(403);
      expect((await upload('customerId\n', 'a.csv', jwt)).statusCode).toBe(403);
    }
    expect((await t.request({ method: 'GET', url: '/api/data-import-logs/active/import' })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/customers/import', ...multipartForm({}) })).statusCode).toBe(401);
  });
});
