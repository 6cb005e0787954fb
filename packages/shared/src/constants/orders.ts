export const COMPONENT_STATUSES = ['Open', 'Downloaded', 'Closed'] as const;
export type ComponentStatus = (typeof COMPONENT_STATUSES)[number];

/** The list filter also offers Open and Downloaded together (spec §9). */
export const STATUS_FILTERS = ['Open', 'Downloaded', 'Closed', 'OpenDownloaded'] as const;

/**
 * File kinds a lab may send: the spec's upload types plus dental CAD data. Checked against the
 * content on the server, not only the name.
 */
export const DOCUMENT_EXTENSIONS = [
  'pdf',
  'doc',
  'docx',
  'csv',
  'xls',
  'xlsx',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'stl',
  'ply',
  'obj',
  'dcm',
  'xml',
  '3oxz',
  'zip',
  'dentalproject',
  'constructioninfo',
  'modelinfo',
  'hdproj',
  'hdprojz',
  'hdpart',
  'hdpartz',
  'hdcp',
] as const;

export const PREVIEWABLE_3D = ['stl', 'ply', 'obj'] as const;

/** The part after the last dot, lower-cased ("Scan.STL" → "stl"); empty when the name has no dot. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Whether a file of this name may be sent as a document (the server also checks its content). */
export function isAcceptedDocument(name: string): boolean {
  return (DOCUMENT_EXTENSIONS as readonly string[]).includes(extensionOf(name));
}
