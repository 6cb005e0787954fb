import path from 'node:path';
import { DOCUMENT_EXTENSIONS } from '@casebridge/shared/constants/orders';
import { maxLengthOf } from '@casebridge/shared/schemas/max-length';
import { createOrderBodySchema } from '@casebridge/shared/schemas/orders';
import * as orders from '@casebridge/shared/contracts/orders';
import { currentSession } from '@casebridge/shared/contracts/session';
import { Api, ApiError } from '../lib/api.ts';
import { idOption, stringOption, UsageError, type Command, type Context, type Parsed } from '../lib/command.ts';
import { requireSession } from '../lib/config.ts';
import { readJson, sha256OfFile, writeFileAtomic } from '../lib/files.ts';
import { scanFolder, SEND_STATE_FILE, type LocalFile } from '../lib/folder-scan.ts';
import { CliError } from '../lib/io.ts';
import { Progress } from '../lib/progress.ts';
import { tusUpload, uploadOffset, UploadInterrupted } from '../lib/tus-upload.ts';

interface FileState {
  size: number;
  mtimeMs: number;
  /** The tus upload this file goes to; set as soon as the server created it. */
  uploadUrl?: string;
  finished: boolean;
  /** The SHA-256 the server reported, once finished and verified. */
  sha256?: string;
}

interface ComponentState {
  id: number;
  name: string;
  files: Record<string, FileState>;
}

/** `<folder>/.casebridge-send.json`: what a later run needs to resume, never the token. */
export interface SendState {
  version: 1;
  url: string;
  millId: number;
  orderId: number;
  orderName: string;
  submitted: boolean;
  /** Keyed by subfolder (`.` when the folder itself is the one component). */
  components: Record<string, ComponentState>;
}

/** The order name as the portal accepts it: a longer folder name is cut, not refused. */
const ORDER_NAME_MAX = maxLengthOf(createOrderBodySchema.shape.name);

export const sendCommand: Command = {
  name: 'send',
  summary: 'Send a folder to a mill as an order (lab users); resumes after an interruption',
  synopsis: 'casebridge send <folder> --mill <millId> [--name <order name>]',
  description: [
    'Each subfolder of <folder> becomes a component named after it, holding its files (also those in deeper ' +
      'folders). A folder without subfolders is one component named after the folder. The order is named after ' +
      'the folder unless --name is given.',
    `Only these file types are sent: ${DOCUMENT_EXTENSIONS.join(', ')}. Other files, and hidden files, are left out with a warning.`,
    `Progress is kept in <folder>/${SEND_STATE_FILE}. If a send is interrupted, run the same command again: ` +
      `it continues the same order, resumes each unfinished file where the server stopped, never sends a finished ` +
      `file again, and then submits the order. Each finished file is checked against the SHA-256 the portal computed.`,
  ].join('\n\n'),
  options: {
    mill: { type: 'string', description: 'the mill to send to (its id; see `casebridge whoami`)', placeholder: 'millId' },
    name: { type: 'string', description: 'order name (default: the folder name)', placeholder: 'name' },
  },
  positionals: { min: 1, max: 1 },
  run: send,
};

type Session = Awaited<ReturnType<typeof requireSession>>;
type Scan = Awaited<ReturnType<typeof scanFolder>>;
interface WorkItem {
  componentState: ComponentState;
  file: LocalFile;
  fileState: FileState;
}
/** What one run needs everywhere: where it sends to, and how it records its progress. */
interface Run {
  ctx: Context;
  api: Api;
  session: Session;
  state: SendState;
  save: () => Promise<void>;
}

async function send(ctx: Context, args: Parsed): Promise<number> {
  const folder = path.resolve(args.positionals[0]!);
  const millOption = idOption(args, 'mill');
  const session = await requireSession(ctx.io);
  const api = new Api(session.url, session.token);
  const stateFile = path.join(folder, SEND_STATE_FILE);

  const scan = await scanFolder(folder);
  warnLeftOut(ctx, scan);
  if (scan.components.length === 0) throw new CliError(`Nothing to send in ${folder}.`);

  const earlier = await readState(stateFile, folder, session, millOption);
  if (earlier?.submitted) {
    ctx.out(
      `Order ${earlier.orderId} ("${earlier.orderName}") was already sent from this folder. To send the folder as a new order, delete ${stateFile}.`,
    );
    return 0;
  }
  const state = earlier ?? (await createOrder(ctx, api, session, args, folder, scan, millOption));
  const run: Run = { ctx, api, session, state, save: () => writeFileAtomic(stateFile, `${JSON.stringify(state, null, 2)}\n`) };
  if (earlier) {
    ctx.err(`Resuming order ${state.orderId} "${state.orderName}" (state in ${stateFile}).`);
    await addNewComponents(run, scan);
  } else {
    await run.save();
    ctx.err(`Created order ${state.orderId} "${state.orderName}" with ${scan.components.length} component(s).`);
  }

  const plan = planWork(ctx, scan, state);
  await run.save();
  const progress = new Progress(ctx.io.stderr, plan.totalBytes, plan.doneBytes);
  const errors: string[] = [];
  for (const item of plan.work) {
    const outcome = await sendFile(run, item, progress);
    if (outcome === 'interrupted') {
      progress.finish();
      ctx.err(`Interrupted. Run the same command again to resume order ${state.orderId}.`);
      return 1;
    }
    if (outcome !== 'done') errors.push(outcome.error);
  }
  progress.finish();
  return errors.length > 0 ? reportNotSubmitted(ctx, state, errors) : submit(run);
}

function warnLeftOut(ctx: Context, scan: Scan): void {
  if (scan.unsupported.length > 0) {
    ctx.err(`warning: not sending ${scan.unsupported.length} file(s) of a type the portal does not accept:`);
    for (const file of scan.unsupported) ctx.err(`  ${file}`);
  }
  if (scan.loose.length > 0) {
    ctx.err(`warning: not sending ${scan.loose.length} file(s) next to the component folders (put them into a component folder):`);
    for (const file of scan.loose) ctx.err(`  ${file}`);
  }
  for (const name of scan.empty) ctx.err(`warning: ${name} has no files to send; it is left out`);
}

/** The state of an earlier run from this folder, if it may be continued by this one. */
async function readState(stateFile: string, folder: string, session: Session, millOption: number | undefined): Promise<SendState | null> {
  const state = await readJson<SendState>(stateFile);
  if (!state) return null;
  if (state.version !== 1) throw new CliError(`${stateFile} was written by another version; move it away to start a new order.`);
  if (state.submitted) return state;
  if (state.url !== session.url) {
    throw new CliError(
      `${folder} is being sent to ${state.url}, but you are signed in to ${session.url}. Sign in there, or delete ${stateFile} to start over.`,
    );
  }
  if (millOption !== undefined && millOption !== state.millId) {
    throw new CliError(
      `${folder} is being sent to mill ${state.millId} (order ${state.orderId}); run without --mill or with --mill ${state.millId} to finish it, or delete ${stateFile} to start over.`,
    );
  }
  return state;
}

/** A new order with one component per component folder, after checking the user may send to the mill. */
async function createOrder(
  ctx: Context,
  api: Api,
  session: Session,
  args: Parsed,
  folder: string,
  scan: Scan,
  millId: number | undefined,
): Promise<SendState> {
  if (millId === undefined) throw new UsageError('--mill <millId> is required (your mills are listed by `casebridge whoami`)');
  const me = await api.call(currentSession, {});
  if (me.user.role.type !== 'lab') throw new CliError(`send is for lab users; ${me.user.email} is a ${me.user.role.type} user.`);
  if (!me.mills.some((m) => m.id === millId)) {
    const mine = me.mills.map((m) => `${m.id} (${m.company.name})`).join(', ') || 'none';
    throw new CliError(`Mill ${millId} is not one of your mills; yours: ${mine}.`);
  }
  const orderName = (stringOption(args, 'name') ?? path.basename(folder)).trim().slice(0, ORDER_NAME_MAX);
  if (!orderName) throw new UsageError('--name must not be empty');
  const created = await api.call(orders.createOrder, {
    body: { millId, name: orderName, components: scan.components.map((c) => ({ name: c.name })) },
  });
  const components: Record<string, ComponentState> = {};
  scan.components.forEach((component, i) => {
    components[component.folder] = { id: created.components[i]!.id, name: component.name, files: {} };
  });
  return { version: 1, url: session.url, millId, orderId: created.id, orderName: created.name, submitted: false, components };
}

/** Component folders made since the earlier run become components of the same order. */
async function addNewComponents({ ctx, api, state, save }: Run, scan: Scan): Promise<void> {
  for (const component of scan.components) {
    if (state.components[component.folder]) continue;
    const added = await api.call(orders.addComponent, { params: { id: state.orderId }, body: { name: component.name } });
    state.components[component.folder] = { id: added.id, name: added.name, files: {} };
    await save();
    ctx.err(`Added component "${added.name}".`);
  }
}

/** What is left to upload; a file changed since its interrupted upload starts again. */
function planWork(ctx: Context, scan: Scan, state: SendState) {
  const work: WorkItem[] = [];
  let totalBytes = 0;
  let doneBytes = 0;
  for (const component of scan.components) {
    const componentState = state.components[component.folder]!;
    for (const file of component.files) {
      let fileState = componentState.files[file.key];
      const changed = fileState !== undefined && (fileState.size !== file.size || fileState.mtimeMs !== file.mtimeMs);
      if (fileState?.finished) {
        if (changed) ctx.err(`warning: ${file.key} changed after it was sent; the portal keeps the version sent earlier`);
        totalBytes += fileState.size;
        doneBytes += fileState.size;
        continue;
      }
      if (changed) {
        ctx.err(`${file.key} changed since the interrupted upload; sending it from the start`);
        fileState = undefined;
      }
      fileState ??= { size: file.size, mtimeMs: file.mtimeMs, finished: false };
      componentState.files[file.key] = fileState;
      totalBytes += file.size;
      work.push({ componentState, file, fileState });
    }
  }
  return { work, totalBytes, doneBytes };
}

/**
 * Where an upload recorded earlier goes on: its offset while it is open, or `null` after finding the
 * file already on the portal (the upload finished unrecorded) or forgetting an upload that is gone.
 */
async function resumeOffset({ api, session, state, save }: Run, { componentState, file, fileState }: WorkItem): Promise<number | null> {
  if (!fileState.uploadUrl) return 0;
  const where = await uploadOffset(fileState.uploadUrl, session.token, session.url);
  if (where.status === 'open' && where.length === file.size && where.offset < file.size) return where.offset;
  // The upload finished (and was moved into storage) without us recording it, expired, or is unusable.
  const existing = await findDocument(api, state.orderId, componentState.id, file, await sha256OfFile(file.absolute));
  if (existing) {
    fileState.finished = true;
    fileState.sha256 = existing;
  } else delete fileState.uploadUrl;
  await save();
  return existing ? null : 0;
}

/** One file: resumed or sent, then checked against the SHA-256 the portal computed. */
async function sendFile(run: Run, item: WorkItem, progress: Progress): Promise<'done' | 'interrupted' | { error: string }> {
  const { ctx, api, session, state, save } = run;
  const { componentState, file, fileState } = item;
  const hooks = ctx.io.sendHooks ?? {};
  try {
    const offset = await resumeOffset(run, item);
    if (offset === null) {
      progress.skipFile(file.key, file.size, 'already on the portal, SHA-256 verified');
      return 'done';
    }
    progress.startFile(file.key, file.size, offset);
    const result = await tusUpload({
      base: session.url,
      token: session.token,
      file: file.absolute,
      metadata: { filename: file.name, orderId: String(state.orderId), componentId: String(componentState.id) },
      uploadUrl: fileState.uploadUrl,
      chunkSize: hooks.chunkSize,
      retryDelays: hooks.retryDelays,
      onUrl: async (url) => {
        fileState.uploadUrl = url;
        await save();
      },
      onProgress: (bytes) => progress.update(bytes),
      afterChunk: hooks.afterChunk ? (accepted, total) => hooks.afterChunk!(file.key, accepted, total) : undefined,
    });
    const local = await sha256OfFile(file.absolute);
    const remote = result.sha256 ?? (await findDocument(api, state.orderId, componentState.id, file, local));
    if (remote !== local) {
      // The stored copy is not this file (it changed while uploading?): send it again next time.
      delete fileState.uploadUrl;
      await save();
      progress.endFile('SHA-256 MISMATCH', false);
      return {
        error: `${file.key}: the portal stored a different file (SHA-256 ${remote ?? 'unknown'}, local ${local}); it will be sent again on the next run`,
      };
    }
    fileState.finished = true;
    fileState.sha256 = remote;
    await save();
    progress.endFile('done, SHA-256 verified');
    return 'done';
  } catch (error) {
    progress.endFile('failed', false);
    if (error instanceof UploadInterrupted) return 'interrupted';
    // Without a session nothing else will work either.
    if (error instanceof ApiError && error.status === 401) throw error;
    if (error instanceof CliError && /Cannot reach/.test(error.message)) throw error;
    return { error: `${file.key}: ${(error as Error).message}` };
  }
}

function reportNotSubmitted(ctx: Context, state: SendState, errors: string[]): number {
  for (const line of errors) ctx.err(`error: ${line}`);
  ctx.err(
    `Order ${state.orderId} was not submitted. Fix the problems above and run the same command again: finished files are not sent again.`,
  );
  return 1;
}

async function submit({ ctx, api, state, save }: Run): Promise<number> {
  await api.call(orders.submitOrder, { params: { id: state.orderId } });
  state.submitted = true;
  await save();
  const files = Object.values(state.components).reduce((sum, c) => sum + Object.values(c.files).filter((f) => f.finished).length, 0);
  ctx.out(
    `Sent order ${state.orderId} "${state.orderName}" to mill ${state.millId}: ${Object.keys(state.components).length} component(s), ${files} file(s).`,
  );
  return 0;
}

/** The SHA-256 of a document on the component with this file's name, size and hash, if any. */
async function findDocument(api: Api, orderId: number, componentId: number, file: LocalFile, sha256: string): Promise<string | undefined> {
  const detail = await api.call(orders.getComponent, { params: { projectId: orderId, id: componentId } });
  return detail.documents.find((d) => d.name === file.name && d.size === file.size && d.sha256 === sha256)?.sha256;
}
