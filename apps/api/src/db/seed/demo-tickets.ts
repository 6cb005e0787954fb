import { inArray } from 'drizzle-orm';
import type { LicenceContent, LicenceDetail, LicenceRow } from '@casebridge/shared/schemas/licence-tickets';
import type { Db } from '../client.ts';
import { dealerCustomers, dealers, licenceTickets } from '../schema/dealers.ts';

/**
 * The demo licence store (issue 14): a few hundred tickets over the demo dealers, with content as
 * the licence server describes it. A seeded generator makes the same keys, products and flags on
 * every run; expiry dates count from the seeding day, so the spread (expired, expiring this month,
 * years ahead, none) stays true whenever the demo is made.
 */
export const DEMO_TICKET_COUNT = 300;

/** mulberry32: small, fast and deterministic, which is all demo data needs. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const PRODUCTS = [
  { name: 'CaseBridge CAM Milling', code: 'CBM', modules: ['5-Axis Strategies', 'Bridges', 'Abutments', 'Implant Bars'] },
  { name: 'CaseBridge CAM Wet Grinding', code: 'CBG', modules: ['Glass Ceramics', 'Inlays and Onlays', 'Veneers'] },
  { name: 'CaseBridge CAM Printing', code: 'CBP', modules: ['Models', 'Splints', 'Surgical Guides'] },
  { name: 'CaseBridge CAM Lab Suite', code: 'CBL', modules: ['Milling', 'Grinding', 'Printing', 'Nesting Pro', 'Reporting'] },
] as const;

const OPTIONS = ['Automatic Nesting', 'Tool Library', 'Material Manager', 'Remote Support'];

export async function seedDemoTickets(db: Db, now = new Date()): Promise<void> {
  const random = generator(20261123);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const key = () => Array.from({ length: 5 }, () => Array.from({ length: 5 }, () => pick(ALPHABET.split(''))).join('')).join('-');
  const day = (offset: number) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset)).toISOString().slice(0, 10);

  const network = await db
    .select({ id: dealers.id, code: dealers.dealerCode })
    .from(dealers)
    .where(inArray(dealers.dealerCode, ['DD-ROOT', 'DD-NORTH', 'DD-HAMBURG']));
  if (network.length === 0) return;
  const customers = await db.select({ id: dealerCustomers.id, dealerId: dealerCustomers.dealerId }).from(dealerCustomers);

  const rows = Array.from({ length: DEMO_TICKET_COUNT }, (_, index) => {
    const dealer = network[index % network.length]!;
    const product = pick(PRODUCTS);
    // One in eight never expires; the rest from two years ago to four years ahead, weighted to the coming months.
    const roll = random();
    const expiryOffset =
      roll < 0.125
        ? null
        : roll < 0.35
          ? -Math.floor(random() * 730)
          : roll < 0.55
            ? Math.floor(random() * 45)
            : Math.floor(random() * 1460);
    const licenseExp = expiryOffset === null ? null : day(expiryOffset);
    const maintenanceExp = expiryOffset === null ? day(Math.floor(random() * 730) - 180) : day(expiryOffset - Math.floor(random() * 90));
    const dongleId = `3-${String(Math.floor(random() * 9_000_000) + 1_000_000)}`;
    const isNetwork = random() < 0.3;
    const seats = isNetwork ? 2 + Math.floor(random() * 9) : 1;
    const modules = product.modules.filter(() => random() < 0.7);
    const licenceRow = (code: string, name: string, itemId: number): LicenceRow => ({
      code,
      itemId: String(itemId),
      name,
      licenseExp,
      featureMapBinarySetBits: Math.floor(random() * 255)
        .toString(2)
        .padStart(8, '0'),
      permissions: isNetwork ? `network:${seats}` : 'single',
      information: '',
      formerDongleNo: random() < 0.1 ? `3-${Math.floor(random() * 9_000_000) + 1_000_000}` : '',
      maintenanceExp,
    });
    const activation = [
      licenceRow(product.code, product.name, 1000),
      ...modules.map((name, i) => licenceRow(`${product.code}.${i + 1}`, name, 1001 + i)),
    ];
    // Ordered but not yet activated: now and then a module bought on top.
    const ordered = random() < 0.25 ? [licenceRow(`${product.code}.X`, pick(OPTIONS), 1900)] : [];
    const details: LicenceDetail[] = [
      {
        code: product.code,
        enable: true,
        name: product.name,
        productCode: product.code,
        count: seats,
        expiryaDate: licenseExp,
        epd: '',
        children: modules.map((name, i) => ({
          code: `${product.code}.${i + 1}`,
          enable: random() < 0.9,
          name,
          productCode: `${product.code}M${i + 1}`,
          count: seats,
          expiryaDate: licenseExp,
          epd: '',
          children: OPTIONS.filter(() => random() < 0.3).map((option, j) => ({
            code: `${product.code}.${i + 1}.${j + 1}`,
            enable: true,
            name: option,
            productCode: `${product.code}O${j + 1}`,
            count: 1,
            expiryaDate: null,
            epd: '',
          })),
        })),
      },
    ];
    const content: LicenceContent = {
      mainProductInfo: { dongleId, productName: product.name, licenseExp, maintenanceExp, isNetwork, isCommercial: random() < 0.85 },
      activationLicenses: activation,
      orderedLicenses: ordered,
      licenseDetails: details,
      nonExpandables: [],
    };
    const own = customers.filter((customer) => customer.dealerId === dealer.id);
    const customerId = own.length > 0 && random() < 0.4 ? pick(own).id : null;
    return {
      key: key(),
      dealerId: dealer.id,
      customerId,
      content,
      productText: product.name,
      licenceExpiry: licenseExp,
      maintenanceExpiry: maintenanceExp,
      externalCustomerId: dealer.code === 'DD-ROOT' && random() < 0.3 ? `ERP-${10000 + index}` : '',
      archivedAt: expiryOffset !== null && expiryOffset < -365 && random() < 0.5 ? now : null,
    };
  });
  await db.insert(licenceTickets).values(rows).onConflictDoNothing({ target: licenceTickets.key });
}
