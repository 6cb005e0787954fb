import type { Language } from '@casebridge/shared/constants/languages';
import { languageTag } from '@casebridge/shared/constants/languages';
import type { InvoiceParty } from '@casebridge/shared/schemas/billing';
import type { DocumentContent, DocumentParty } from '../../platform/pdf/document-pdf.ts';

/**
 * The invoice PDF's words and layout data, without any database: the service loads the invoice as
 * it was issued (both parties as they were on the day), and this lays it out in the mill admin's
 * language, with amounts and dates as that language writes them. Plain data per language, like the
 * order report (order-files.report.ts), so a missing word is a type error.
 */
interface InvoiceText {
  title: (number: string) => string;
  seller: string;
  buyer: string;
  vatId: string;
  number: string;
  date: string;
  period: string;
  status: string;
  email: string;
  paid: string;
  open: string;
  items: string;
  item: string;
  net: string;
  vatRate: string;
  vat: string;
  gross: string;
  noItems: string;
  netTotal: string;
  vatTotal: (rate: string) => string;
  grossTotal: string;
  reverseCharge: string;
  outsideEu: string;
  paidNote: string;
  openNote: string;
  /** The words of the line descriptions our payment providers write (see lineText). */
  lines: {
    plan: (name: string) => string;
    keepFiles: (days: string) => string;
    change: (items: string) => string;
    credit: string;
    remainingOn: (item: string, from: string) => string;
    unusedOn: (item: string, from: string) => string;
  };
  page: (page: number, pages: number) => string;
}

const TEXTS: Record<Language, InvoiceText> = {
  en: {
    title: (n) => `Invoice ${n}`,
    seller: 'Seller',
    buyer: 'Bill to',
    vatId: 'VAT ID',
    number: 'Invoice number',
    date: 'Invoice date',
    period: 'Service period',
    status: 'Payment status',
    email: 'Customer email',
    paid: 'Paid by card',
    open: 'Open',
    items: 'Items',
    item: 'Description',
    net: 'Net',
    vatRate: 'VAT rate',
    vat: 'VAT',
    gross: 'Gross',
    noItems: 'This invoice has no items.',
    netTotal: 'Net amount',
    vatTotal: (rate) => `VAT ${rate}`,
    grossTotal: 'Total (gross)',
    reverseCharge: 'Reverse charge: the VAT is owed by the recipient of the service (Article 196 of Directive 2006/112/EC, § 13b UStG).',
    outsideEu: 'Not taxable in Germany: the place of supply is the recipient’s country (§ 3a (2) UStG).',
    paidNote: 'The total was paid by card; nothing is due.',
    openNote: 'Please pay the total by card in the portal.',
    lines: {
      plan: (name) => `${name} plan`,
      keepFiles: (days) => `Files kept ${days} days`,
      change: (items) => `Change to ${items} for the rest of the period`,
      credit: 'Credit from an earlier change',
      remainingOn: (item, from) => `Remaining time on ${item} after ${from}`,
      unusedOn: (item, from) => `Unused time on ${item} after ${from}`,
    },
    page: (p, n) => `Page ${p} of ${n}`,
  },
  de: {
    title: (n) => `Rechnung ${n}`,
    seller: 'Rechnungssteller',
    buyer: 'Rechnungsempfänger',
    vatId: 'USt-IdNr.',
    number: 'Rechnungsnummer',
    date: 'Rechnungsdatum',
    period: 'Leistungszeitraum',
    status: 'Zahlungsstatus',
    email: 'E-Mail des Kunden',
    paid: 'Per Karte bezahlt',
    open: 'Offen',
    items: 'Positionen',
    item: 'Beschreibung',
    net: 'Netto',
    vatRate: 'USt.-Satz',
    vat: 'USt.',
    gross: 'Brutto',
    noItems: 'Diese Rechnung hat keine Positionen.',
    netTotal: 'Nettobetrag',
    vatTotal: (rate) => `Umsatzsteuer ${rate}`,
    grossTotal: 'Gesamtbetrag (brutto)',
    reverseCharge:
      'Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge): Die Umsatzsteuer schuldet der Leistungsempfänger (Art. 196 MwStSystRL, § 13b UStG).',
    outsideEu: 'Im Inland nicht steuerbare Leistung: Der Leistungsort liegt im Land des Empfängers (§ 3a Abs. 2 UStG).',
    paidNote: 'Der Gesamtbetrag wurde per Karte bezahlt; es ist nichts mehr zu zahlen.',
    openNote: 'Bitte zahlen Sie den Gesamtbetrag per Karte im Portal.',
    lines: {
      plan: (name) => `Tarif ${name}`,
      keepFiles: (days) => `Dateiaufbewahrung ${days} Tage`,
      change: (items) => `Wechsel zu ${items} für den Rest des Zeitraums`,
      credit: 'Gutschrift aus einem früheren Wechsel',
      remainingOn: (item, from) => `Restzeit für ${item} ab ${from}`,
      unusedOn: (item, from) => `Nicht genutzte Zeit für ${item} ab ${from}`,
    },
    page: (p, n) => `Seite ${p} von ${n}`,
  },
  fr: {
    title: (n) => `Facture ${n}`,
    seller: 'Émetteur',
    buyer: 'Facturé à',
    vatId: 'N° TVA',
    number: 'Numéro de facture',
    date: 'Date de facture',
    period: 'Période de service',
    status: 'Statut du paiement',
    email: 'E-mail du client',
    paid: 'Payée par carte',
    open: 'En attente de paiement',
    items: 'Lignes',
    item: 'Désignation',
    net: 'HT',
    vatRate: 'Taux de TVA',
    vat: 'TVA',
    gross: 'TTC',
    noItems: "Cette facture n'a aucune ligne.",
    netTotal: 'Montant HT',
    vatTotal: (rate) => `TVA ${rate}`,
    grossTotal: 'Total TTC',
    reverseCharge: 'Autoliquidation : la TVA est due par le preneur (article 196 de la directive 2006/112/CE, § 13b UStG).',
    outsideEu: 'Opération non imposable en Allemagne : le lieu de la prestation est le pays du preneur (§ 3a (2) UStG).',
    paidNote: "Le total a été payé par carte ; rien n'est dû.",
    openNote: 'Veuillez régler le total par carte dans le portail.',
    lines: {
      plan: (name) => `Offre ${name}`,
      keepFiles: (days) => `Conservation des fichiers ${days} jours`,
      change: (items) => `Passage à ${items} pour le reste de la période`,
      credit: "Avoir d'un changement précédent",
      remainingOn: (item, from) => `Temps restant sur ${item} après le ${from}`,
      unusedOn: (item, from) => `Temps non utilisé sur ${item} après le ${from}`,
    },
    page: (p, n) => `Page ${p} sur ${n}`,
  },
  it: {
    title: (n) => `Fattura ${n}`,
    seller: 'Fornitore',
    buyer: 'Intestata a',
    vatId: 'Partita IVA',
    number: 'Numero fattura',
    date: 'Data fattura',
    period: 'Periodo del servizio',
    status: 'Stato del pagamento',
    email: 'E-mail del cliente',
    paid: 'Pagata con carta',
    open: 'Da pagare',
    items: 'Voci',
    item: 'Descrizione',
    net: 'Imponibile',
    vatRate: 'Aliquota IVA',
    vat: 'IVA',
    gross: 'Totale',
    noItems: 'Questa fattura non ha voci.',
    netTotal: 'Totale imponibile',
    vatTotal: (rate) => `IVA ${rate}`,
    grossTotal: 'Totale (IVA inclusa)',
    reverseCharge:
      "Inversione contabile: l'IVA è dovuta dal destinatario della prestazione (art. 196 della direttiva 2006/112/CE, § 13b UStG).",
    outsideEu: 'Operazione non imponibile in Germania: il luogo della prestazione è il paese del destinatario (§ 3a (2) UStG).',
    paidNote: 'Il totale è stato pagato con carta; non è dovuto nulla.',
    openNote: 'Si prega di pagare il totale con carta nel portale.',
    lines: {
      plan: (name) => `Piano ${name}`,
      keepFiles: (days) => `Conservazione dei file ${days} giorni`,
      change: (items) => `Passaggio a ${items} per il resto del periodo`,
      credit: 'Credito da una modifica precedente',
      remainingOn: (item, from) => `Tempo restante su ${item} dopo il ${from}`,
      unusedOn: (item, from) => `Tempo non utilizzato su ${item} dopo il ${from}`,
    },
    page: (p, n) => `Pagina ${p} di ${n}`,
  },
  sp: {
    title: (n) => `Factura ${n}`,
    seller: 'Emisor',
    buyer: 'Facturar a',
    vatId: 'NIF-IVA',
    number: 'Número de factura',
    date: 'Fecha de factura',
    period: 'Periodo del servicio',
    status: 'Estado del pago',
    email: 'Correo del cliente',
    paid: 'Pagada con tarjeta',
    open: 'Pendiente de pago',
    items: 'Conceptos',
    item: 'Descripción',
    net: 'Base',
    vatRate: 'Tipo de IVA',
    vat: 'IVA',
    gross: 'Total',
    noItems: 'Esta factura no tiene conceptos.',
    netTotal: 'Base imponible',
    vatTotal: (rate) => `IVA ${rate}`,
    grossTotal: 'Total (IVA incluido)',
    reverseCharge:
      'Inversión del sujeto pasivo: el IVA lo adeuda el destinatario del servicio (artículo 196 de la Directiva 2006/112/CE, § 13b UStG).',
    outsideEu: 'Operación no sujeta en Alemania: el lugar de prestación es el país del destinatario (§ 3a (2) UStG).',
    paidNote: 'El total se ha pagado con tarjeta; no queda nada pendiente.',
    openNote: 'Pague el total con tarjeta en el portal.',
    lines: {
      plan: (name) => `Plan ${name}`,
      keepFiles: (days) => `Conservación de archivos ${days} días`,
      change: (items) => `Cambio a ${items} para el resto del periodo`,
      credit: 'Abono de un cambio anterior',
      remainingOn: (item, from) => `Tiempo restante de ${item} después del ${from}`,
      unusedOn: (item, from) => `Tiempo no utilizado de ${item} después del ${from}`,
    },
    page: (p, n) => `Página ${p} de ${n}`,
  },
  pl: {
    title: (n) => `Faktura ${n}`,
    seller: 'Sprzedawca',
    buyer: 'Nabywca',
    vatId: 'NIP UE',
    number: 'Numer faktury',
    date: 'Data wystawienia',
    period: 'Okres świadczenia usługi',
    status: 'Status płatności',
    email: 'E-mail klienta',
    paid: 'Zapłacono kartą',
    open: 'Do zapłaty',
    items: 'Pozycje',
    item: 'Opis',
    net: 'Netto',
    vatRate: 'Stawka VAT',
    vat: 'VAT',
    gross: 'Brutto',
    noItems: 'Ta faktura nie ma pozycji.',
    netTotal: 'Kwota netto',
    vatTotal: (rate) => `VAT ${rate}`,
    grossTotal: 'Razem brutto',
    reverseCharge: 'Odwrotne obciążenie: podatek VAT rozlicza nabywca usługi (art. 196 dyrektywy 2006/112/WE, § 13b UStG).',
    outsideEu: 'Usługa niepodlegająca opodatkowaniu w Niemczech: miejscem świadczenia jest kraj nabywcy (§ 3a ust. 2 UStG).',
    paidNote: 'Kwota została zapłacona kartą; nic nie pozostaje do zapłaty.',
    openNote: 'Prosimy o zapłatę kwoty kartą w portalu.',
    lines: {
      plan: (name) => `Plan ${name}`,
      keepFiles: (days) => `Przechowywanie plików przez ${days} dni`,
      change: (items) => `Zmiana na ${items} do końca okresu`,
      credit: 'Uznanie z wcześniejszej zmiany',
      remainingOn: (item, from) => `Pozostały czas: ${item} po ${from}`,
      unusedOn: (item, from) => `Niewykorzystany czas: ${item} po ${from}`,
    },
    page: (p, n) => `Strona ${p} z ${n}`,
  },
};

/** Where each language's numbers and dates are written as in its main country (English as in the UK, like the order report). */
const FORMAT_LOCALES: Record<Language, string> = { en: 'en-GB', de: 'de-DE', fr: 'fr-FR', it: 'it-IT', pl: 'pl-PL', sp: 'es-ES' };

/** An issued invoice as the PDF needs it (the invoices table's row has these fields). */
export interface InvoiceDocumentInput {
  number: string;
  issuedAt: Date;
  periodStart: Date;
  periodEnd: Date;
  lines: { description: string; amountCents: number }[];
  netCents: number;
  vatPercent: number;
  vatCents: number;
  totalCents: number;
  /** domestic, reverseCharge or outsideEu (invoices.service.ts). */
  taxTreatment: string;
  paid: boolean;
  seller: InvoiceParty;
  buyer: InvoiceParty;
}

/**
 * A line's description in the reader's language. The providers write English: our own (the test
 * provider and the prices we create at Stripe) names a plan "<name> plan" and an add-on "Files kept
 * <days> days"; prorations read as the test provider or Stripe word them. Anything else (a
 * product named in the Stripe dashboard) is shown as the provider wrote it.
 */
export function lineText(description: string, words: InvoiceText['lines']): string {
  const translate = (text: string): string => {
    let match: RegExpExecArray | null;
    if ((match = /^Change to (.+) for the rest of the period$/.exec(text)))
      return words.change(match[1]!.split(' + ').map(translate).join(' + '));
    if ((match = /^Remaining time on (.+) after (.+)$/.exec(text))) return words.remainingOn(translate(match[1]!), match[2]!);
    if ((match = /^Unused time on (.+) after (.+)$/.exec(text))) return words.unusedOn(translate(match[1]!), match[2]!);
    if ((match = /^(\d+) × (.+)$/.exec(text))) return `${match[1]} × ${translate(match[2]!)}`;
    if ((match = /^Files kept (\d+) days$/.exec(text))) return words.keepFiles(match[1]!);
    if (text === 'Credit from an earlier change') return words.credit;
    if ((match = /^(.+) plan$/.exec(text))) return words.plan(match[1]!);
    return text;
  };
  return translate(description);
}

/**
 * Each line's share of the invoice's VAT: its net times the rate, rounded to the cent, with the
 * rounding difference put on the largest line, so that the lines add up to the VAT the provider
 * charged (the total a German auditor reconciles against).
 */
export function vatOfLines(lines: { amountCents: number }[], vatPercent: number, vatCents: number): number[] {
  // `|| 0`: a credit at 0 % would otherwise show as "-0,00 €".
  const shares = lines.map((line) => Math.round((line.amountCents * vatPercent) / 100) || 0);
  const difference = vatCents - shares.reduce((sum, share) => sum + share, 0);
  if (difference !== 0 && lines.length > 0) {
    const largest = lines.reduce((best, line, i) => (Math.abs(line.amountCents) > Math.abs(lines[best]!.amountCents) ? i : best), 0);
    shares[largest]! += difference;
  }
  return shares;
}

function countryName(code: string, tag: string): string {
  try {
    return new Intl.DisplayNames([tag], { type: 'region' }).of(code) ?? code;
  } catch {
    // Not a region code Intl knows: shown as stored.
    return code;
  }
}

function partyOf(role: string, party: InvoiceParty, text: InvoiceText, tag: string): DocumentParty {
  const lines = [
    party.street,
    [party.zipCode, party.city].filter(Boolean).join(' '),
    countryName(party.country, tag),
    party.vatNumber ? `${text.vatId} ${party.vatNumber}` : '',
  ];
  return { role, name: party.name, addressLines: lines.filter((line) => line.trim() !== ''), logo: null };
}

/** The invoice as a document in `language`: seller and buyer, number and dates, lines with their VAT, totals, the tax note. */
export function invoiceReportContent(invoice: InvoiceDocumentInput, language: Language): DocumentContent {
  const text = TEXTS[language];
  const tag = languageTag(language);
  const locale = FORMAT_LOCALES[language];
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
  // Cents are whole numbers everywhere else; only what is shown is divided (spec §9).
  const euro = (cents: number) => money.format(cents / 100);
  const percent = (value: number) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(value / 100);
  const day = (date: Date) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);

  const vats = vatOfLines(invoice.lines, invoice.vatPercent, invoice.vatCents);
  const rows = invoice.lines.map((line, i) => [
    lineText(line.description, text.lines),
    euro(line.amountCents),
    percent(invoice.vatPercent),
    euro(vats[i]!),
    euro(line.amountCents + vats[i]!),
  ]);
  const notes: string[] = [];
  if (invoice.taxTreatment === 'reverseCharge') notes.push(text.reverseCharge);
  if (invoice.taxTreatment === 'outsideEu') notes.push(text.outsideEu);
  notes.push(invoice.paid ? text.paidNote : text.openNote);
  const seller = invoice.seller;
  const sellerLine = [
    seller.name,
    [seller.street, [seller.zipCode, seller.city].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    seller.vatNumber ? `${text.vatId} ${seller.vatNumber}` : '',
    seller.email,
  ]
    .filter((part) => part.trim() !== '')
    .join(' · ');

  return {
    title: text.title(invoice.number),
    language: tag,
    parties: [partyOf(text.seller, invoice.seller, text, tag), partyOf(text.buyer, invoice.buyer, text, tag)],
    facts: [
      [text.number, invoice.number],
      [text.date, day(invoice.issuedAt)],
      [text.period, `${day(invoice.periodStart)} – ${day(invoice.periodEnd)}`],
      [text.status, invoice.paid ? text.paid : text.open],
      [text.email, invoice.buyer.email],
    ],
    table: {
      heading: text.items,
      columns: [
        { header: text.item, width: 4 },
        { header: text.net, width: 1.4, align: 'right' },
        { header: text.vatRate, width: 1.1, align: 'right' },
        { header: text.vat, width: 1.3, align: 'right' },
        { header: text.gross, width: 1.4, align: 'right' },
      ],
      rows,
      empty: text.noItems,
    },
    totals: [
      { label: text.netTotal, value: euro(invoice.netCents) },
      { label: text.vatTotal(percent(invoice.vatPercent)), value: euro(invoice.vatCents) },
      { label: text.grossTotal, value: euro(invoice.totalCents), strong: true },
    ],
    notes,
    footnote: sellerLine,
    pageLabel: text.page,
  };
}
