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
import { scanFolder, SEND_STATE_FILE, type LocalComponent, type LocalFile } from '../lib/folder-scan.ts';
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

async function send(ctx: Context, args: Parsed): Promise<number> {
  const folder = path.resolve(args.positionals[0]!);
  const millOption = idOption(args, 'mill');
  const session = await requireSession(ctx.io);
  const api = new Api(session.url, session.token);
  const stateFile = path.join(folder, SEND_STATE_FILE);

  const scan = await scanFolder(folder);
  if (scan.unsupported.length > 0) {
    ctx.err(`warning: not sending ${scan.unsupported.length} file(s) of a type the portal does not accept:`);
    for (const file of scan.unsupported) ctx.err(`  ${file}`);
  }
  if (scan.loose.length > 0) {
    ctx.err(`warning: not sending ${scan.loose.length} file(s) next to the component folders (put them into a component folder):`);
    for (const file of scan.loose) ctx.err(`  ${file}`);
  }
  for (const name of scan.empty) ctx.err(`warning: ${name} has no files to send; it is left out`);
  if (scan.components.length === 0) throw new CliError(`Nothing to send in ${folder}.`);

  let state = await readJson<SendState>(stateFile);
  if (state && state.version !== 1) throw new CliError(`${stateFile} was written by another version; move it away to start a new order.`);
  if (state?.submitted) {
    ctx.out(
      `Order ${state.orderId} ("${state.orderName}") was already sent from this folder. To send the folder as a new order, delete ${stateFile}.`,
    );
    return 0;
  }
  if (state && state.url !== session.url) {
    throw new CliError(
      `${folder} is being sent to ${state.url}, but you are signed in to ${session.url}. Sign in there, or delete ${stateFile} to start over.`,
    );
  }
  if (state && millOption !== undefined && millOption !== state.millId) {
    throw new CliError(
      `${folder} is being sent to mill ${state.millId} (order ${state.orderId}); run without --mill or with --mill ${state.millId} to finish it, or delete ${stateFile} to start over.`,
    );
  }
  const save = async () => writeFileAtomic(stateFile, `${JSON.stringify(state, null, 2)}\n`);

  if (!state) {
    if (millOption === undefined) throw new UsageError('--mill <millId> is required (your mills are listed by `casebridge whoami`)');
    const me = await api.call(currentSession, {});
    if (me.user.role.type !== 'lab') throw new CliError(`send is for lab users; ${me.user.email} is a ${me.user.role.type} user.`);
    if (!me.mills.some((m) => m.id === millOption)) {
      const mine = me.mills.map((m) => `${m.id} (${m.company.name})`).join(', ') || 'none';
      throw new CliError(`Mill ${millOption} is not one of your mills; yours: ${mine}.`);
    }
    const orderName = (stringOption(args, 'name') ?? path.basename(folder)).trim().slice(0, ORDER_NAME_MAX);
    if (!orderName) throw new UsageError('--name must not be empty');
    const created = await api.call(orders.createOrder, {
      body: { millId: millOption, name: orderName, components: scan.components.map((c) => ({ name: c.name })) },
    });
    state = {
      version: 1,
      url: session.url,
      millId: millOption,
      orderId: created.id,
      orderName: created.name,
      submitted: false,
      components: {},
    };
    scan.components.forEach((component, i) => {
      state!.components[component.folder] = { id: created.components[i]!.id, name: component.name, files: {} };
    });
    await save();
    ctx.err(`Created order ${created.id} "${created.name}" with ${scan.components.length} component(s).`);
  } else {
    ctx.err(`Resuming order ${state.orderId} "${state.orderName}" (state in ${stateFile}).`);
    for (const component of scan.components) {
      if (state.components[component.folder]) continue;
      const added = await api.call(orders.addComponent, { params: { id: state.orderId }, body: { name: component.name } });
      state.components[component.folder] = { id: added.id, name: added.name, files: {} };
      await save();
      ctx.err(`Added component "${added.name}".`);
    }
  }
  const current = state;

  // What is left to upload.
  const work: { component: LocalComponent; componentState: ComponentState; file: LocalFile; fileState: FileState }[] = [];
  let totalBytes = 0;
  let doneBytes = 0;
  for (const component of scan.components) {
    const componentState = current.components[component.folder]!;
    for (const file of component.files) {
      let fileState = componentState.files[file.key];
      if (fileState?.finished) {
        if (fileState.size !== file.size || fileState.mtimeMs !== file.mtimeMs)
          ctx.err(`warning: ${file.key} changed after it was sent; the portal keeps the version sent earlier`);
        totalBytes += fileState.size;
        doneBytes += fileState.size;
        continue;
      }
      if (fileState && (fileState.size !== file.size || fileState.mtimeMs !== file.mtimeMs)) {
        ctx.err(`${file.key} changed since the interrupted upload; sending it from the start`);
        fileState = undefined;
      }
      fileState ??= { size: file.size, mtimeMs: file.mtimeMs, finished: false };
      componentState.files[file.key] = fileState;
      totalBytes += file.size;
      work.push({ component, componentState, file, fileState });
    }
  }
  await save();

  const hooks = ctx.io.sendHooks ?? {};
  const progress = new Progress(ctx.io.stderr, totalBytes, doneBytes);
  const errors: string[] = [];
  for (const { componentState, file, fileState } of work) {
    const label = file.key;
    try {
      let offset = 0;
      if (fileState.uploadUrl) {
        const where = await uploadOffset(fileState.uploadUrl, session.token, session.url);
        if (where.status === 'open' && where.length === file.size && where.offset < file.size) {
          offset = where.offset;
        } else {
          // The upload finished (and was moved into storage) without us recording it, expired, or is unusable.
          const local = await sha256OfFile(file.absolute);
          const existing = await findDocument(api, current.orderId, componentState.id, file, local);
          if (existing) {
            fileState.finished = true;
            fileState.sha256 = existing;
            await save();
            progress.skipFile(label, file.size, 'already on the portal, SHA-256 verified');
            continue;
          }
          delete fileState.uploadUrl;
          await save();
        }
      }
      progress.startFile(label, file.size, offset);
      const result = await tusUpload({
        base: session.url,
        token: session.token,
        file: file.absolute,
        metadata: { filename: file.name, orderId: String(current.orderId), componentId: String(componentState.id) },
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
      const remote = result.sha256 ?? (await findDocument(api, current.orderId, componentState.id, file, local));
      if (remote !== local) {
        // The stored copy is not this file (it changed while uploading?): send it again next time.
        delete fileState.uploadUrl;
        await save();
        progress.endFile('SHA-256 MISMATCH', false);
        errors.push(
          `${label}: the portal stored a different file (SHA-256 ${remote ?? 'unknown'}, local ${local}); it will be sent again on the next run`,
        );
        continue;
      }
      fileState.finished = true;
      fileState.sha256 = remote;
      await save();
      progress.endFile('done, SHA-256 verified');
    } catch (error) {
      progress.endFile('failed', false);
      if (error instanceof UploadInterrupted) {
        progress.finish();
        ctx.err(`Interrupted. Run the same command again to resume order ${current.orderId}.`);
        return 1;
      }
      // Without a session nothing else will work either.
      if (error instanceof ApiError && error.status === 401) throw error;
      if (error instanceof CliError && /Cannot reach/.test(error.message)) throw error;
      errors.push(`${label}: ${(error as Error).message}`);
    }
  }
  progress.finish();

  if (errors.length > 0) {
    for (const line of errors) ctx.err(`error: ${line}`);
    ctx.err(
      `Order ${current.orderId} was not submitted. Fix the problems above and run the same command again: finished files are not sent again.`,
    );
    return 1;
  }
  await api.call(orders.submitOrder, { params: { id: current.orderId } });
  current.submitted = true;
  await save();
  const files = Object.values(current.components).reduce((sum, c) => sum + Object.values(c.files).filter((f) => f.finished).length, 0);
  ctx.out(
    `Sent order ${current.orderId} "${current.orderName}" to mill ${current.millId}: ${Object.keys(current.components).length} component(s), ${files} file(s).`,
  );
  return 0;
}

/** The SHA-256 of a document on the component with this file's name, size and hash, if any. */
async function findDocument(api: Api, orderId: number, componentId: number, file: LocalFile, sha256: string): Promise<string | undefined> {
  const detail = await api.call(orders.getComponent, { params: { projectId: orderId, id: componentId } });
  return detail.documents.find((d) => d.name === file.name && d.size === file.size && d.sha256 === sha256)?.sha256;
}
