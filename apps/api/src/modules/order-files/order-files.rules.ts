import { extensionOf, isAcceptedDocument } from '@casebridge/shared/constants/orders';
import { sniffImageType } from '../../lib/image-type.ts';
import type { readFileForm } from '../../lib/multipart-form.ts';

/**
 * Decides whether an uploaded file is what its name says, from its first bytes. Known formats
 * must carry their signature; proprietary CAD formats without a public signature are accepted by
 * name but never when they look like markup a browser would run. Files are always served as
 * attachments with nosniff, so this is the second line, not the only one.
 */
export type FileCheck = { ok: true; fileType: string } | { ok: false; reason: 'extension' | 'content' };

const ZIP = (h: Buffer) => h.length >= 4 && h[0] === 0x50 && h[1] === 0x4b && (h[2] === 0x03 || h[2] === 0x05);
const PDF = (h: Buffer) => h.subarray(0, 5).toString('latin1') === '%PDF-';
const OLE = (h: Buffer) => h.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));
const text = (h: Buffer) => !h.includes(0);
const looksLikeMarkup = (h: Buffer) => /^\s*(<!doctype html|<html|<script|<svg|<\?php)/i.test(h.toString('latin1'));

/** STL: binary (80-byte header, then a triangle count) or ASCII starting with `solid`. */
function isStl(head: Buffer): boolean {
  if (/^\s*solid\b/i.test(head.toString('latin1'))) return true;
  return head.length >= 84 && !looksLikeMarkup(head);
}

const CHECKS: Record<string, (head: Buffer) => boolean> = {
  pdf: PDF,
  zip: ZIP,
  '3oxz': ZIP,
  hdprojz: ZIP,
  hdpartz: ZIP,
  docx: ZIP,
  xlsx: ZIP,
  doc: OLE,
  xls: OLE,
  csv: (h) => text(h) && !looksLikeMarkup(h),
  xml: (h) => /^\s*(<\?xml|<[A-Za-z])/.test(h.toString('utf8')) && !looksLikeMarkup(h),
  stl: isStl,
  ply: (h) => h.subarray(0, 3).toString('latin1') === 'ply',
  obj: (h) => text(h) && !looksLikeMarkup(h),
  dcm: (h) => (h.length >= 132 ? h.subarray(128, 132).toString('latin1') === 'DICM' : !looksLikeMarkup(h)),
  png: (h) => sniffImageType(h) === 'image/png',
  jpg: (h) => sniffImageType(h) === 'image/jpeg',
  jpeg: (h) => sniffImageType(h) === 'image/jpeg',
  gif: (h) => sniffImageType(h) === 'image/gif',
  webp: (h) => sniffImageType(h) === 'image/webp',
};

/** `head` holds the first 512 bytes (or the whole file, if shorter). */
export function checkDocument(name: string, head: Buffer): FileCheck {
  if (!isAcceptedDocument(name)) return { ok: false, reason: 'extension' };
  const extension = extensionOf(name);
  const check = CHECKS[extension] ?? ((h: Buffer) => !looksLikeMarkup(h));
  return check(head) ? { ok: true, fileType: extension } : { ok: false, reason: 'content' };
}

/**
 * How an order file arrives in a multipart form (lib/multipart-form.ts): one file under
 * `files.file`, at most `maxBytes`, kept only when its first bytes match its name.
 */
export function orderFileRule(kind: 'document' | 'download', maxBytes: number): Parameters<typeof readFileForm>[2] {
  return {
    field: 'file',
    prefix: kind === 'document' ? 'documents' : 'downloads',
    maxBytes,
    sniff: (head, filename) => {
      const check = checkDocument(filename, head);
      return check.ok ? check.fileType : null;
    },
    typeMessage: 'This file type is not accepted, or the file is not what its name says',
  };
}
