import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  POLICY_KINDS,
  POLICY_LANGUAGES,
  policyUploadDataSchema,
  type PolicyDocument,
  type PolicyLanguage,
} from '@casebridge/shared/schemas/policies';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { authorize } from '../../access/access.ts';
import type { SessionUser } from '../../access/session-check.ts';
import { AppError } from '../../lib/app-error.ts';
import { escapeHtml } from '../../lib/html.ts';
import { useFileForm, type FileFormReader } from '../../lib/multipart-form.ts';
import {
  deactivateDocuments,
  findActiveDocument,
  findDocument,
  insertPdfDocument,
  listDocuments,
  type PolicyKind,
  type PolicyRow,
} from './policies.repository.ts';

const URL_LIFETIME_MS = 60 * 60 * 1000;

export type PolicyContent = { type: 'pdf'; stream: Readable; size: number } | { type: 'html'; html: string };

/**
 * The terms pages show "signed URLs" (spec §3): a document link that carries an expiry and an
 * HMAC, so it can be handed to a frame without a session and stops working after an hour.
 */
function signature(secret: string, id: number, expires: number): string {
  return createHmac('sha256', secret).update(`policy:${id}:${expires}`).digest('base64url');
}

function signedUrl(secret: string, id: number): string {
  const expires = Date.now() + URL_LIFETIME_MS;
  return `/api/policy-documents/${id}/content?expires=${expires}&signature=${signature(secret, id, expires)}`;
}

function validSignature(secret: string, id: number, expires: number, given: string): boolean {
  const expected = Buffer.from(signature(secret, id, expires));
  const actual = Buffer.from(given);
  return expires > Date.now() && expected.length === actual.length && timingSafeEqual(expected, actual);
}

function toDto(secret: string, row: PolicyRow): PolicyDocument {
  return {
    id: row.id,
    kind: row.kind,
    language: row.language,
    title: row.title,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    url: signedUrl(secret, row.id),
  };
}

/** Public: signed links to the documents in force, per kind and language (null where none is). */
export async function activeDocumentLinks(deps: AppDeps, secret: string) {
  const linkOf = async (kind: PolicyKind, language: PolicyLanguage) => {
    const doc = await findActiveDocument(deps.db, kind, language);
    return doc ? signedUrl(secret, doc.id) : null;
  };
  return {
    termsOfService: { en: await linkOf('terms-of-service', 'en'), de: await linkOf('terms-of-service', 'de') },
    dataProcessing: { en: await linkOf('data-processing', 'en'), de: await linkOf('data-processing', 'de') },
  };
}

/**
 * Public, through a signed link only: an uploaded PDF as stored, or a demo text as a page of its
 * own. A wrong or expired signature answers like a missing document.
 */
export async function documentContent(
  deps: AppDeps,
  secret: string,
  id: number,
  link: { expires: number; signature: string },
): Promise<PolicyContent> {
  if (!validSignature(secret, id, link.expires, link.signature)) throw AppError.notFound('Document');
  const doc = await findDocument(deps.db, id);
  if (!doc) throw AppError.notFound('Document');
  if (doc.filePath) {
    const opened = await deps.storage.open(doc.filePath);
    if (!opened) throw AppError.notFound('Document');
    return { type: 'pdf', stream: opened.stream, size: opened.size };
  }
  const html =
    `<!doctype html><html lang="${escapeHtml(doc.language)}"><head><meta charset="utf-8"><title>${escapeHtml(doc.title)}</title>` +
    `<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;line-height:1.5}</style></head><body>${doc.contentHtml ?? ''}</body></html>`;
  return { type: 'html', html };
}

export async function listPolicyDocuments(deps: AppDeps, user: SessionUser, secret: string): Promise<{ data: PolicyDocument[] }> {
  await authorize(deps.db, user, 'policies.read', {});
  return { data: (await listDocuments(deps.db)).map((row) => toDto(secret, row)) };
}

/**
 * A newly uploaded signed PDF replaces the active document of its kind and language. The form is
 * read only once the caller may publish, so nothing is stored for anyone else.
 */
export async function publishPolicyDocument(
  deps: AppDeps,
  user: SessionUser,
  secret: string,
  readForm: FileFormReader,
): Promise<PolicyDocument> {
  await authorize(deps.db, user, 'policies.manage', {});
  return useFileForm(deps.storage, readForm, policyUploadDataSchema, 'Choose a PDF file', async ({ kind, language }, file) => {
    const row = await deps.db.transaction(async (tx) => {
      await deactivateDocuments(tx, kind, language);
      return insertPdfDocument(tx, { kind, language, title: file.name, filePath: file.key });
    });
    return toDto(secret, row);
  });
}

/** The ids of every document in force now: what a mill's approval records (mills service). */
export async function activeDocumentIds(db: Db): Promise<number[]> {
  const ids: number[] = [];
  for (const kind of POLICY_KINDS) {
    for (const language of POLICY_LANGUAGES) {
      const doc = await findActiveDocument(db, kind, language);
      if (doc) ids.push(doc.id);
    }
  }
  return ids;
}
