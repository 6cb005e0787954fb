import { formatBytes } from '@casebridge/shared/format/bytes';
import type { ComponentStatus } from '@casebridge/shared/constants/orders';
import type { Language } from '@casebridge/shared/constants/languages';
import type { DocumentContent, DocumentParty } from '../../platform/pdf/document-pdf.ts';

/**
 * The order summary report's words and layout data, without any database: the service gathers the
 * order, and this turns it into a document in the reader's language. Kept as plain data per
 * language, like the mail templates (platform/mail/templates.ts), so a missing word is a type error.
 */
interface ReportText {
  title: (id: number, name: string) => string;
  mill: string;
  lab: string;
  orderId: string;
  orderName: string;
  status: string;
  created: string;
  submitted: string;
  responsible: string;
  author: string;
  notSubmitted: string;
  deleted: string;
  components: string;
  component: string;
  files: string;
  size: string;
  lastFile: string;
  noComponents: string;
  filesCount: (documents: number, returned: number) => string;
  statuses: Record<ComponentStatus | 'Draft' | 'Deleted', string>;
  printed: (date: string, name: string) => string;
  page: (page: number, pages: number) => string;
}

const TEXTS: Record<Language, ReportText> = {
  en: {
    title: (id, name) => `Order ${id}: ${name}`,
    mill: 'Mill',
    lab: 'Lab',
    orderId: 'Order number',
    orderName: 'Order name',
    status: 'Status',
    created: 'Created',
    submitted: 'Sent',
    responsible: 'Responsible',
    author: 'Sent by',
    notSubmitted: 'not sent yet',
    deleted: 'This order was deleted.',
    components: 'Components',
    component: 'Component',
    files: 'Files',
    size: 'Size',
    lastFile: 'Last file',
    noComponents: 'This order has no components.',
    filesCount: (d, r) => `${d} sent, ${r} returned`,
    statuses: { Open: 'Open', Downloaded: 'Downloaded', Closed: 'Closed', Draft: 'Draft', Deleted: 'Deleted' },
    printed: (date, name) => `Printed on ${date} by ${name}`,
    page: (p, n) => `Page ${p} of ${n}`,
  },
  de: {
    title: (id, name) => `Auftrag ${id}: ${name}`,
    mill: 'Fräserei',
    lab: 'Labor',
    orderId: 'Auftragsnummer',
    orderName: 'Auftragsname',
    status: 'Status',
    created: 'Erstellt',
    submitted: 'Gesendet',
    responsible: 'Verantwortlich',
    author: 'Gesendet von',
    notSubmitted: 'noch nicht gesendet',
    deleted: 'Dieser Auftrag wurde gelöscht.',
    components: 'Komponenten',
    component: 'Komponente',
    files: 'Dateien',
    size: 'Größe',
    lastFile: 'Letzte Datei',
    noComponents: 'Dieser Auftrag hat keine Komponenten.',
    filesCount: (d, r) => `${d} gesendet, ${r} zurückgegeben`,
    statuses: { Open: 'Offen', Downloaded: 'Heruntergeladen', Closed: 'Abgeschlossen', Draft: 'Entwurf', Deleted: 'Gelöscht' },
    printed: (date, name) => `Gedruckt am ${date} von ${name}`,
    page: (p, n) => `Seite ${p} von ${n}`,
  },
  fr: {
    title: (id, name) => `Commande ${id} : ${name}`,
    mill: 'Centre de fraisage',
    lab: 'Laboratoire',
    orderId: 'Numéro de commande',
    orderName: 'Nom de la commande',
    status: 'Statut',
    created: 'Créée le',
    submitted: 'Envoyée le',
    responsible: 'Responsable',
    author: 'Envoyée par',
    notSubmitted: 'pas encore envoyée',
    deleted: 'Cette commande a été supprimée.',
    components: 'Éléments',
    component: 'Élément',
    files: 'Fichiers',
    size: 'Taille',
    lastFile: 'Dernier fichier',
    noComponents: "Cette commande n'a aucun élément.",
    filesCount: (d, r) => `${d} envoyés, ${r} renvoyés`,
    statuses: { Open: 'Ouvert', Downloaded: 'Téléchargé', Closed: 'Clôturé', Draft: 'Brouillon', Deleted: 'Supprimée' },
    printed: (date, name) => `Imprimé le ${date} par ${name}`,
    page: (p, n) => `Page ${p} sur ${n}`,
  },
  it: {
    title: (id, name) => `Ordine ${id}: ${name}`,
    mill: 'Centro di fresatura',
    lab: 'Laboratorio',
    orderId: 'Numero ordine',
    orderName: "Nome dell'ordine",
    status: 'Stato',
    created: 'Creato il',
    submitted: 'Inviato il',
    responsible: 'Responsabile',
    author: 'Inviato da',
    notSubmitted: 'non ancora inviato',
    deleted: 'Questo ordine è stato eliminato.',
    components: 'Componenti',
    component: 'Componente',
    files: 'File',
    size: 'Dimensione',
    lastFile: 'Ultimo file',
    noComponents: 'Questo ordine non ha componenti.',
    filesCount: (d, r) => `${d} inviati, ${r} restituiti`,
    statuses: { Open: 'Aperto', Downloaded: 'Scaricato', Closed: 'Chiuso', Draft: 'Bozza', Deleted: 'Eliminato' },
    printed: (date, name) => `Stampato il ${date} da ${name}`,
    page: (p, n) => `Pagina ${p} di ${n}`,
  },
  pl: {
    title: (id, name) => `Zamówienie ${id}: ${name}`,
    mill: 'Frezownia',
    lab: 'Laboratorium',
    orderId: 'Numer zamówienia',
    orderName: 'Nazwa zamówienia',
    status: 'Status',
    created: 'Utworzono',
    submitted: 'Wysłano',
    responsible: 'Osoba odpowiedzialna',
    author: 'Wysłane przez',
    notSubmitted: 'jeszcze nie wysłano',
    deleted: 'To zamówienie zostało usunięte.',
    components: 'Elementy',
    component: 'Element',
    files: 'Pliki',
    size: 'Rozmiar',
    lastFile: 'Ostatni plik',
    noComponents: 'To zamówienie nie ma elementów.',
    filesCount: (d, r) => `wysłane: ${d}, zwrócone: ${r}`,
    statuses: { Open: 'Otwarte', Downloaded: 'Pobrane', Closed: 'Zamknięte', Draft: 'Wersja robocza', Deleted: 'Usunięte' },
    printed: (date, name) => `Wydrukowano ${date}, ${name}`,
    page: (p, n) => `Strona ${p} z ${n}`,
  },
  sp: {
    title: (id, name) => `Pedido ${id}: ${name}`,
    mill: 'Centro de fresado',
    lab: 'Laboratorio',
    orderId: 'Número de pedido',
    orderName: 'Nombre del pedido',
    status: 'Estado',
    created: 'Creado el',
    submitted: 'Enviado el',
    responsible: 'Responsable',
    author: 'Enviado por',
    notSubmitted: 'aún no enviado',
    deleted: 'Este pedido se ha eliminado.',
    components: 'Componentes',
    component: 'Componente',
    files: 'Archivos',
    size: 'Tamaño',
    lastFile: 'Último archivo',
    noComponents: 'Este pedido no tiene componentes.',
    filesCount: (d, r) => `${d} enviados, ${r} devueltos`,
    statuses: { Open: 'Abierto', Downloaded: 'Descargado', Closed: 'Cerrado', Draft: 'Borrador', Deleted: 'Eliminado' },
    printed: (date, name) => `Impreso el ${date} por ${name}`,
    page: (p, n) => `Página ${p} de ${n}`,
  },
};

/** BCP 47 tags of the interface languages (sp is the portal's code for Spanish). */
const LANGUAGE_TAGS: Record<Language, string> = { en: 'en', de: 'de', fr: 'fr', it: 'it', pl: 'pl', sp: 'es' };

export interface ReportCompany {
  name: string;
  street: string;
  zipCode: string;
  city: string;
  country: string;
  logo: Buffer | null;
}

export interface ReportInput {
  order: { id: number; name: string; createdAt: Date; submittedAt: Date | null; isDeleted: boolean };
  mill: ReportCompany;
  lab: ReportCompany;
  author: string | null;
  responsible: string | null;
  components: { id: number; name: string; status: ComponentStatus; createdAt: Date }[];
  files: { componentId: number; kind: 'document' | 'download'; size: number; createdAt: Date }[];
  reader: string;
  printedAt: Date;
}

/** The order's status in one word: what its least advanced component says (spec: Open, then Downloaded, then Closed). */
function orderStatus(input: ReportInput): ComponentStatus | 'Draft' | 'Deleted' {
  if (input.order.isDeleted) return 'Deleted';
  if (!input.order.submittedAt) return 'Draft';
  const statuses = new Set(input.components.map((component) => component.status));
  if (statuses.has('Open') || statuses.size === 0) return 'Open';
  return statuses.has('Downloaded') ? 'Downloaded' : 'Closed';
}

function addressLines(company: ReportCompany, tag: string): string[] {
  let country = company.country;
  try {
    // The country in the reader's language; an unknown code stays as it is.
    country = new Intl.DisplayNames([tag], { type: 'region' }).of(company.country) ?? company.country;
  } catch {
    // Not a region code Intl knows.
  }
  return [company.street, [company.zipCode, company.city].filter(Boolean).join(' '), country].filter((line) => line.trim() !== '');
}

/**
 * The report as a document: words in `language`, dates by `formatDate` (the reader's report date
 * format, spec §9). One row per component: status, files sent and returned, their size, dates.
 */
export function orderReportContent(input: ReportInput, language: Language, formatDate: (date: Date) => string): DocumentContent {
  const text = TEXTS[language];
  const tag = LANGUAGE_TAGS[language];
  const party = (role: string, company: ReportCompany): DocumentParty => ({
    role,
    name: company.name,
    addressLines: addressLines(company, tag),
    logo: company.logo,
  });
  const facts: [string, string][] = [
    [text.orderId, String(input.order.id)],
    [text.orderName, input.order.name],
    [text.status, text.statuses[orderStatus(input)]],
    [text.created, formatDate(input.order.createdAt)],
    [text.submitted, input.order.submittedAt ? formatDate(input.order.submittedAt) : text.notSubmitted],
  ];
  if (input.author) facts.push([text.author, input.author]);
  if (input.responsible) facts.push([text.responsible, input.responsible]);

  const rows = input.components.map((component) => {
    const files = input.files.filter((file) => file.componentId === component.id);
    const documents = files.filter((file) => file.kind === 'document').length;
    const latest = files.reduce<Date | null>((last, file) => (!last || file.createdAt > last ? file.createdAt : last), null);
    return [
      component.name,
      text.statuses[component.status],
      text.filesCount(documents, files.length - documents),
      formatBytes(files.reduce((sum, file) => sum + file.size, 0)),
      formatDate(component.createdAt),
      latest ? formatDate(latest) : '–',
    ];
  });

  return {
    title: text.title(input.order.id, input.order.name),
    language: tag,
    parties: [party(text.mill, input.mill), party(text.lab, input.lab)],
    facts,
    notice: input.order.isDeleted ? text.deleted : undefined,
    table: {
      heading: text.components,
      columns: [
        // Wide enough for the longest status word (Heruntergeladen) and a date with its time.
        { header: text.component, width: 2.5 },
        { header: text.status, width: 2.2 },
        { header: text.files, width: 2.1 },
        { header: text.size, width: 1.1, align: 'right' },
        { header: text.created, width: 1.8 },
        { header: text.lastFile, width: 1.8 },
      ],
      rows,
      empty: text.noComponents,
    },
    footnote: text.printed(formatDate(input.printedAt), input.reader),
    pageLabel: text.page,
  };
}
