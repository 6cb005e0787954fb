import type { Dealer } from '@casebridge/shared/schemas/dealers';
import type { AppDeps } from '../../deps.ts';
import { authorize } from '../../access/access.ts';
import type { SessionUser } from '../../access/session-check.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UploadedFile } from '../../lib/multipart-form.ts';
import { discardUnrecorded, queueRemovals, removeQueued } from '../../platform/storage/removals.ts';
import { findDealer, updateDealerRow, type NewDealerRow } from './dealers.repository.ts';
import { readDealer } from './dealers.service.ts';

/**
 * A dealer's two files (spec manager-dealer §5 uploads): its logo, an image, and its fixed
 * configuration file, one `.json` that the installer of a FixedFile dealer receives. The spec sends
 * them inside the dealer form's multipart call; here each is its own call on the saved dealer
 * (`PUT /dealers/{id}/logo`, `PUT /dealers/{id}/configuration-file`), so the form itself stays
 * plain JSON with its field-by-field errors, and a file is never stored for a form that fails.
 * Whoever may change the dealer may change its logo; its configuration file is its configuration
 * section's (`dealer.configure`). A replaced file's bytes go through the
 * storage removal queue in the transaction that forgets them, so none is orphaned.
 */

const INVALID_JSON = 'Invalid JSON';

export type FileReader = () => Promise<UploadedFile | null>;

export async function replaceDealerLogo(deps: AppDeps, user: SessionUser, id: number, read: FileReader): Promise<Dealer> {
  return replaceFile(deps, user, id, read, 'logo', (file) => ({ logoKey: file.key }));
}

export async function replaceDealerConfigFile(deps: AppDeps, user: SessionUser, id: number, read: FileReader): Promise<Dealer> {
  return replaceFile(
    deps,
    user,
    id,
    read,
    'fixedConfigFile',
    (file) => ({ fixedConfigFileKey: file.key, fixedConfigFileName: file.name }),
    async (file) => {
      if (!(await isJson(deps, file.key))) throw AppError.fields({ fixedConfigFile: ['INVALID_JSON'] }, INVALID_JSON);
    },
  );
}

export async function removeDealerLogo(deps: AppDeps, user: SessionUser, id: number): Promise<Dealer> {
  const dealer = await editableDealer(deps, user, id, 'dealer.update');
  await forget(deps, id, dealer.logoKey, { logoKey: null });
  return readDealer(deps, user, id);
}

/** The stored configuration file's text, for whoever may read the dealer. */
export async function dealerConfigFile(deps: AppDeps, user: SessionUser, id: number): Promise<{ name: string; text: string }> {
  await authorize(deps.db, user, 'dealer.read', { dealerId: id });
  const dealer = await findDealer(deps.db, id);
  const opened = dealer?.fixedConfigFileKey ? await deps.storage.open(dealer.fixedConfigFileKey) : null;
  if (!dealer || !opened) throw AppError.notFound('Configuration file');
  return { name: dealer.fixedConfigFileName ?? 'configuration.json', text: await readText(opened.stream) };
}

/** The logo is the dealer's (`dealer.update`); the configuration file its configuration section (`dealer.configure`). */
async function editableDealer(deps: AppDeps, user: SessionUser, id: number, action: 'dealer.update' | 'dealer.configure') {
  await authorize(deps.db, user, action, { dealerId: id });
  const dealer = await findDealer(deps.db, id);
  if (!dealer) throw AppError.notFound('Dealer');
  return dealer;
}

async function replaceFile(
  deps: AppDeps,
  user: SessionUser,
  id: number,
  read: FileReader,
  field: string,
  columns: (file: UploadedFile) => Partial<NewDealerRow>,
  check?: (file: UploadedFile) => Promise<void>,
): Promise<Dealer> {
  // Access is decided before a byte is stored.
  const dealer = await editableDealer(deps, user, id, field === 'logo' ? 'dealer.update' : 'dealer.configure');
  const file = await read();
  if (!file) throw AppError.fields({ [field]: ['FILE_REQUIRED'] }, 'Please choose a file');
  try {
    await check?.(file);
    const previous = field === 'logo' ? dealer.logoKey : dealer.fixedConfigFileKey;
    await forget(deps, id, previous, columns(file));
  } catch (error) {
    await discardUnrecorded(deps.db, deps.storage, file.key);
    throw error;
  }
  return readDealer(deps, user, id);
}

/** Sets the columns and queues the replaced key's bytes in one transaction, then removes them. */
async function forget(deps: AppDeps, id: number, previousKey: string | null, columns: Partial<NewDealerRow>): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await updateDealerRow(tx, id, columns);
    if (previousKey) await queueRemovals(tx, [previousKey]);
  });
  if (previousKey) await removeQueued(deps.db, deps.storage, [previousKey]);
}

async function isJson(deps: AppDeps, key: string): Promise<boolean> {
  const opened = await deps.storage.open(key);
  if (!opened) return false;
  try {
    JSON.parse(await readText(opened.stream));
    return true;
  } catch {
    return false;
  }
}

async function readText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  // A byte-order mark is allowed (editors on Windows write one); JSON.parse is not.
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
}
