import { z } from 'zod';

interface WrapperDef {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
}

function findMaxLength(schema: z.ZodType): number | undefined {
  if (schema instanceof z.ZodString) return schema.maxLength ?? undefined;
  const def = schema._zod.def as WrapperDef;
  if (def.innerType) return findMaxLength(def.innerType); // optional, default, nullable, ...
  if (def.type === 'pipe' && def.in && def.out) return findMaxLength(def.in) ?? findMaxLength(def.out);
  return undefined;
}

/**
 * The most characters a string field's schema accepts, for an input's `maxLength` or a client
 * that shortens what it sends, so the limit is written once, in the schema. Throws for a schema
 * without a maximum: a caller asking has a bug, and the tests that load it say so.
 */
export function maxLengthOf(schema: z.ZodType): number {
  const maximum = findMaxLength(schema);
  if (maximum === undefined) throw new Error('maxLengthOf: this schema sets no maximum length');
  return maximum;
}
