export const COMPONENT_STATUSES = ['Open', 'Downloaded', 'Closed'] as const;
export type ComponentStatus = (typeof COMPONENT_STATUSES)[number];

/** The list filter also offers Open and Downloaded together (spec §9). */
export const STATUS_FILTERS = ['Open', 'Downloaded', 'Closed', 'OpenDownloaded'] as const;

/**
 * File kinds a lab may send: the spec's upload types plus dental CAD data. Checked against the
 * content on the server, not only the name.
 */
export const DOCUMENT_EXTENSIONS = [
  'pdf', 'doc', 'docx', 'csv', 'xls', 'xlsx', 'png', 'jpg', 'jpeg', 'gif', 'webp',
  'stl', 'ply', 'obj', 'dcm', 'xml', '3oxz', 'zip',
  'dentalproject', 'constructioninfo', 'modelinfo',
  'hdproj', 'hdprojz', 'hdpart', 'hdpartz', 'hdcp',
] as const;

export const PREVIEWABLE_3D = ['stl', 'ply', 'obj'] as const;
