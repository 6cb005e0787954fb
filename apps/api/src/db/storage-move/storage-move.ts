import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../../config.ts';
import { DiskEndpoint, S3Endpoint } from '../../platform/storage/move-endpoints.ts';
import { moveFiles, type MoveResult } from '../../platform/storage/move-files.ts';
import { MoveProgress } from '../../platform/storage/move-progress.ts';
import { s3ClientOf } from '../../platform/storage/s3-storage.ts';
import type { Db } from '../client.ts';
import { recordedFiles } from './stored-files.ts';

export const USAGE = `npm run storage:move -- --to s3|disk [--verify] [--delete-source]
  --to s3          copy DATA_DIR/files into the bucket of STORAGE_URL
  --to disk        copy the bucket of STORAGE_URL into DATA_DIR/files
  --verify         read back every file already in the target (else the journal of verified files is trusted)
  --delete-source  remove each source copy once its target copy is verified (only after the switch)`;

export interface MoveRun {
  to: 's3' | 'disk';
  verify: boolean;
  deleteSource: boolean;
}

/** The command line, or an error naming what is wrong. */
export function parseMoveArgs(argv: string[]): MoveRun {
  const { values } = parseArgs({
    args: argv,
    options: { to: { type: 'string' }, verify: { type: 'boolean' }, 'delete-source': { type: 'boolean' } },
  });
  if (values.to !== 's3' && values.to !== 'disk') throw new Error('--to must be s3 or disk');
  return { to: values.to, verify: values.verify ?? false, deleteSource: values['delete-source'] ?? false };
}

/** Moves every file the database records between DATA_DIR/files and the bucket; the sources stay unless asked. */
export async function runStorageMove(
  config: Pick<Config, 'dataDir' | 's3'>,
  db: Db,
  run: MoveRun,
  options: { out: NodeJS.WritableStream & { isTTY?: boolean }; signal?: AbortSignal; intervalMs?: number; parallel?: number },
): Promise<MoveResult> {
  if (!config.s3) throw new Error('STORAGE_URL must name the bucket (s3://bucket/prefix) to move files to or from');
  const disk = new DiskEndpoint(path.join(config.dataDir, 'files'));
  const bucket = new S3Endpoint(s3ClientOf(config.s3), config.s3.bucket, config.s3.prefix);
  const [source, target] = run.to === 's3' ? [disk, bucket] : [bucket, disk];
  options.out.write(`moving stored files from ${source.name} to ${target.name}\n`);
  const progress = new MoveProgress(options.out, options.intervalMs);
  const result = await moveFiles({
    source,
    target,
    listFiles: () => recordedFiles(db),
    journalFile: path.join(config.dataDir, 'storage-move', `verified-in-${run.to}.txt`),
    verifyAll: run.verify,
    deleteSource: run.deleteSource,
    signal: options.signal,
    parallel: options.parallel,
    listener: progress,
  }).finally(() => progress.finish());
  options.out.write(
    `${summary(result)}${run.deleteSource ? `; the source copies of ${result.copied + result.skipped} files removed` : ''}\n`,
  );
  return result;
}

function summary(result: MoveResult): string {
  const counts = `${result.copied} copied, ${result.skipped} already there, ${result.missing.length} missing in the source, ${result.failed.length} failed`;
  if (result.aborted) return `stopped (${counts}); run the command again to go on`;
  return `${counts} in ${result.passes} pass${result.passes === 1 ? '' : 'es'}`;
}

export function exitCodeOf(result: MoveResult): number {
  return result.aborted || result.failed.length || result.missing.length ? 1 : 0;
}
