import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as orders from '@casebridge/shared/contracts/orders';
import type { SuccessOf } from '@casebridge/shared/contracts/core';
import { currentSession } from '@casebridge/shared/contracts/session';
import type { Order } from '@casebridge/shared/schemas/orders';
import { Api, ApiError } from '../lib/api.ts';
import { idOption, type Command, type Context, type Parsed } from '../lib/command.ts';
import { requireSession } from '../lib/config.ts';
import { formatBytes } from '@casebridge/shared/format/bytes';
import { readJson, writeFileAtomic } from '../lib/files.ts';
import { CliError } from '../lib/io.ts';
import { extractZip } from '../lib/zip-extract.ts';

export const PULL_STATE_FILE = '.casebridge-pulled.json';
const PAGE = 100;

interface PulledOrder {
  name: string;
  fetchedAt: string;
  files: string[];
}

/** `<dir>/.casebridge-pulled.json`: which orders of which mill this folder already holds. */
export interface PullState {
  version: 1;
  url: string;
  mills: Record<string, { orders: Record<string, PulledOrder> }>;
}

export const pullCommand: Command = {
  name: 'pull',
  summary: 'Download the orders not fetched yet into a folder (mill users)',
  synopsis: 'casebridge pull <dir> [--mill <millId>]',
  description: [
    'Fetches every order of the mill that this folder does not hold yet, as the ZIP the portal builds, and ' +
      'unpacks it into <dir>. Whether the files land flat in <dir> or as <order>/<component>/<file> follows ' +
      "your account's download folder setting in the portal.",
    `Fetched orders are remembered in <dir>/${PULL_STATE_FILE}, so the next pull only brings new ones. Deleted ` +
      `orders are skipped. Existing files are never overwritten: a taken name gets a " (2)" suffix.`,
    'Without --mill the first mill of your account is used.',
  ].join('\n\n'),
  options: {
    mill: { type: 'string', description: 'the mill whose orders to fetch (default: your first mill)', placeholder: 'millId' },
  },
  positionals: { min: 1, max: 1 },
  run: pull,
};

/** Without --mill: the first mill the user works for, naming the others so they can choose. */
function firstStaffMill(ctx: Context, me: SuccessOf<typeof currentSession>): number {
  const staffMills = me.mills.filter((m) => m.millRole !== null);
  const first = staffMills[0];
  if (!first) throw new CliError(`${me.user.email} belongs to no mill.`);
  if (staffMills.length > 1)
    ctx.err(
      `Pulling from mill ${first.id} (${first.company.name}); others: ${staffMills
        .slice(1)
        .map((m) => `${m.id} (${m.company.name})`)
        .join(', ')} — choose with --mill.`,
    );
  return first.id;
}

/** Every order of the mill, oldest first, page by page. */
async function allOrders(api: Api, millId: number): Promise<Order[]> {
  const list: Order[] = [];
  for (let start = 0; ; start += PAGE) {
    const page = await api.call(orders.listMillOrders, {
      params: { millId },
      query: { _start: start, _limit: PAGE, _sort: 'created_at:asc' },
    });
    list.push(...page.data);
    if (page.data.length < PAGE || list.length >= page.count) return list;
  }
}

async function pull(ctx: Context, args: Parsed): Promise<number> {
  const dir = path.resolve(args.positionals[0]!);
  const millOption = idOption(args, 'mill');
  const session = await requireSession(ctx.io);
  const api = new Api(session.url, session.token);

  const me = await api.call(currentSession, {});
  if (me.user.role.type !== 'mill') throw new CliError(`pull is for mill users; ${me.user.email} is a ${me.user.role.type} user.`);
  const millId = millOption ?? firstStaffMill(ctx, me);

  await mkdir(dir, { recursive: true });
  const stateFile = path.join(dir, PULL_STATE_FILE);
  const state: PullState = (await readJson<PullState>(stateFile)) ?? { version: 1, url: session.url, mills: {} };
  if (state.url !== session.url)
    throw new CliError(`${dir} holds orders pulled from ${state.url}; you are signed in to ${session.url}. Pull into another folder.`);
  const pulled = (state.mills[String(millId)] ??= { orders: {} }).orders;
  const save = () => writeFileAtomic(stateFile, `${JSON.stringify(state, null, 2)}\n`);

  const list = await allOrders(api, millId);

  let fetched = 0;
  let failed = false;
  for (const order of list) {
    if (pulled[String(order.id)]) continue;
    if (order.isDeleted) {
      ctx.err(`Skipping order ${order.id} "${order.name}": it was deleted.`);
      continue;
    }
    let link: string;
    try {
      link = (await api.call(orders.orderZipLink, { params: { projectId: order.id } })).url;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        ctx.err(`Skipping order ${order.id} "${order.name}": it was deleted.`);
        continue;
      }
      throw error;
    }
    const temporary = await mkdtemp(path.join(os.tmpdir(), 'casebridge-pull-'));
    try {
      const zipFile = path.join(temporary, `order-${order.id}.zip`);
      const bytes = await api.download(link, zipFile);
      const result = await extractZip(zipFile, dir);
      for (const { entry, file } of result.renamed) ctx.err(`note: ${entry} exists already; written as ${file}`);
      if (result.refused.length > 0) {
        failed = true;
        ctx.err(
          `error: order ${order.id}: refused ${result.refused.length} ZIP entr${result.refused.length === 1 ? 'y' : 'ies'} outside the folder: ${result.refused.join(', ')}`,
        );
        ctx.err(`Order ${order.id} is not marked as fetched; the next pull tries again.`);
        continue;
      }
      pulled[String(order.id)] = { name: order.name, fetchedAt: new Date().toISOString(), files: result.files };
      await save();
      fetched++;
      ctx.out(`Fetched order ${order.id} "${order.name}": ${result.files.length} file(s), ${formatBytes(bytes)}`);
      for (const file of result.files) ctx.out(`  ${file}`);
    } finally {
      await rm(temporary, { recursive: true, force: true });
    }
  }
  await save();
  if (fetched === 0 && !failed)
    ctx.out(`Nothing new to fetch from mill ${millId} (${Object.keys(pulled).length} order(s) fetched into ${dir} earlier).`);
  return failed ? 1 : 0;
}
