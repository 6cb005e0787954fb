import { z } from 'zod';
import { lineSchema } from './common.ts';

/**
 * List query of DESIGN §5: `_start`, `_limit`, `_sort=field:asc|desc`, `_q`. Sorting is only
 * allowed on the fields a list names, so a caller can never sort or probe by a private column.
 */
export function listQuerySchema<const F extends readonly [string, ...string[]]>(
  sortFields: F,
  defaultSort: `${F[number]}:${'asc' | 'desc'}`,
) {
  const sortPattern = new RegExp(`^(${sortFields.join('|')}):(asc|desc)$`);
  return z.object({
    _start: z.coerce.number().int().min(0).max(1_000_000).default(0),
    _limit: z.coerce.number().int().min(1).max(100).default(10),
    _sort: z
      .string()
      .regex(sortPattern, `sort by one of ${sortFields.join(', ')}, then :asc or :desc`)
      .default(defaultSort)
      .transform((value) => {
        const [field, direction] = value.split(':') as [F[number], 'asc' | 'desc'];
        return { field, direction };
      }),
    _q: lineSchema.trim().max(200).optional(),
    locale: z.string().max(5).optional(),
  });
}

export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ count: z.number(), data: z.array(item) });
}
