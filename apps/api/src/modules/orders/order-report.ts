import PDFDocument from 'pdfkit';
import { asc, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { companies } from '../../db/schema/companies.ts';
import { labs } from '../../db/schema/labs.ts';
import { mills } from '../../db/schema/mills.ts';
import { componentFiles, components } from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';
import type { UserRow } from '../../lib/current-user.ts';
import { DEFAULT_SETTINGS } from '../session/session.service.ts';
import type { OrderAccess } from './order-access.ts';

/** A report date format is a country code (spec §9); a few map to a fuller locale. */
const LOCALES: Record<string, string> = { de: 'de-DE', en: 'en-GB', us: 'en-US', fr: 'fr-FR', it: 'it-IT', sp: 'es-ES', es: 'es-ES', pl: 'pl-PL' };

export function formatReportDate(date: Date, reportDateFormat: string): string {
  const wanted = LOCALES[reportDateFormat] ?? reportDateFormat;
  // An unknown code falls back to the spec's default (de), not to the server's own locale.
  const locale = Intl.DateTimeFormat.supportedLocalesOf(wanted).length > 0 ? wanted : 'de-DE';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(date);
}

function companyName(deps: AppDeps, table: 'mill' | 'lab', id: number) {
  return table === 'mill'
    ? deps.db.select({ name: companies.name }).from(mills).innerJoin(companies, eq(companies.id, mills.companyId)).where(eq(mills.id, id))
    : deps.db.select({ name: companies.name }).from(labs).innerJoin(companies, eq(companies.id, labs.companyId)).where(eq(labs.id, id));
}

/** The order summary PDF: mill and lab, components with status and files, dates in the viewer's format. */
export async function orderReport(deps: AppDeps, access: OrderAccess, viewer: UserRow): Promise<NodeJS.ReadableStream> {
  const project = access.project;
  const format = { ...DEFAULT_SETTINGS, ...viewer.settings }.reportDateFormat;
  const [[mill], [lab]] = await Promise.all([companyName(deps, 'mill', project.millId), companyName(deps, 'lab', project.labId)]);
  const parts = await deps.db.select().from(components).where(eq(components.projectId, project.id)).orderBy(asc(components.id));
  const files = parts.length ? await deps.db.select().from(componentFiles).where(inArray(componentFiles.componentId, parts.map((c) => c.id))).orderBy(asc(componentFiles.id)) : [];
  const [responsible] = project.responsibleId ? await deps.db.select().from(users).where(eq(users.id, project.responsibleId)) : [];

  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Order ${project.id}`, Producer: 'CaseBridge' } });
  doc.fontSize(18).text(`Order ${project.id}: ${project.name}`);
  doc.moveDown(0.5).fontSize(10);
  doc.text(`Mill: ${mill?.name ?? ''}`);
  doc.text(`Lab: ${lab?.name ?? ''}`);
  doc.text(`Created: ${formatReportDate(project.createdAt, format)}`);
  if (responsible) doc.text(`Responsible: ${responsible.firstName} ${responsible.lastName}`);
  if (project.isDeleted) doc.fillColor('red').text('This order was deleted.').fillColor('black');
  for (const part of parts) {
    doc.moveDown().fontSize(13).text(`${part.name} (${part.status})`);
    doc.fontSize(10);
    for (const file of files.filter((f) => f.componentId === part.id)) {
      const kind = file.kind === 'document' ? 'Document' : 'Download';
      doc.text(`${kind}: ${file.name}, ${(file.size / 1024).toFixed(1)} KB, ${formatReportDate(file.createdAt, format)}`);
    }
  }
  doc.moveDown().fontSize(8).fillColor('gray').text(`Printed ${formatReportDate(new Date(), format)} by ${viewer.firstName} ${viewer.lastName}`);
  doc.end();
  return doc;
}
