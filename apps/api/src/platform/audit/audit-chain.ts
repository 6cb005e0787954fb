import { createHash } from 'node:crypto';
import type { AuditRow } from './audit.repository.ts';

/** The chain's start: the previous hash of the first entry when nothing was ever pruned. */
export const GENESIS = Buffer.alloc(32);

/** JSON with every object's keys sorted, so the same entry always gives the same bytes. */
export function canonical(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** SHA-256 over the previous entry's hash and this entry's every stored field, its place included. */
export function entryHash(previous: Buffer, row: Omit<AuditRow, 'hash'> & { hash?: unknown }): Buffer {
  const { hash: _stored, ...stored } = row;
  const fields = { ...stored, at: row.at.toISOString() };
  return createHash('sha256').update(previous).update(canonical(fields)).digest();
}
