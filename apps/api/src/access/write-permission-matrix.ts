import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderPermissionMatrix } from './permission-matrix.ts';

/** `npm run docs:permissions`: regenerates docs/permission-matrix.md from the rule book. */
export const PERMISSION_MATRIX_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/permission-matrix.md');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(PERMISSION_MATRIX_FILE, renderPermissionMatrix());
  console.log(`wrote ${PERMISSION_MATRIX_FILE}`);
}
