import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  addLicenceKeyBodySchema,
  licenceKeyListQuerySchema,
  licenceKeySchema,
  updateLicenceKeyBodySchema,
  type LicenceKey,
} from '@casebridge/shared/schemas/licence-keys';
import { idSchema, messageResponseSchema } from '@casebridge/shared/schemas/common';
import { listResponseSchema } from '@casebridge/shared/schemas/paging';
import type { AppDeps } from '../../deps.ts';
import { licenceKeys } from '../../db/schema/licence-keys.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { requireMillStaff } from '../../lib/mill-access.ts';
import { bearerAuth, commonErrors } from '../../lib/route-schemas.ts';

/**
 * Licence keys of the desktop software with the mill's data-collection consent. The spec's paths
 * (`toolpass-data-collection-consents`) are kept. Only mill admins manage them (DESIGN §6).
 */
const tags = ['licence keys'];
type Row = typeof licenceKeys.$inferSelect;

function toDto(row: Row): LicenceKey {
  return { id: row.id, licenseKey: row.key, enableDataCollection: row.enableDataCollection, createdAt: row.createdAt.toISOString() };
}

export function licenceKeyRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  /** The key row, if it belongs to a mill the caller administers; otherwise 404. */
  async function ownKey(request: Parameters<typeof requireMillStaff>[0], id: number): Promise<Row> {
    const [row] = await deps.db.select().from(licenceKeys).where(eq(licenceKeys.id, id));
    if (!row) throw AppError.notFound('Licence key');
    await requireMillStaff(request, deps.db, row.millId, { adminOnly: true, write: true });
    return row;
  }

  return async (app) => {
    app.get('/mills/:millId/toolpass-data-collection-consents', {
      schema: { tags, summary: "The mill's licence keys", security: bearerAuth, params: z.object({ millId: idSchema }), querystring: licenceKeyListQuerySchema, response: { 200: listResponseSchema(licenceKeySchema), ...commonErrors } },
      handler: async (request) => {
        const access = await requireMillStaff(request, deps.db, request.params.millId, { adminOnly: true });
        const { _start, _limit, _sort, _q } = request.query;
        const column = _sort.field === 'licenseKey' ? licenceKeys.key : licenceKeys.createdAt;
        const where = _q
          ? and(eq(licenceKeys.millId, access.millId), eq(licenceKeys.key, _q.toUpperCase()))
          : eq(licenceKeys.millId, access.millId);
        const [rows, [total]] = await Promise.all([
          deps.db.select().from(licenceKeys).where(where).orderBy(_sort.direction === 'asc' ? asc(column) : desc(column)).limit(_limit).offset(_start),
          deps.db.select({ n: count() }).from(licenceKeys).where(where),
        ]);
        return { count: total?.n ?? 0, data: rows.map(toDto) };
      },
    });

    app.post('/toolpass-data-collection-consents', {
      schema: { tags, summary: 'Register a licence key for a mill', security: bearerAuth, body: addLicenceKeyBodySchema, response: { 200: licenceKeySchema, ...commonErrors } },
      handler: async (request) => {
        const access = await requireMillStaff(request, deps.db, request.body.millId, { adminOnly: true, write: true });
        try {
          const [row] = await deps.db
            .insert(licenceKeys)
            .values({ millId: access.millId, key: request.body.licenseKey, enableDataCollection: request.body.enableDataCollection })
            .returning();
          return toDto(row!);
        } catch (error) {
          // One key, one mill: whoever holds it, the answer does not say.
          if (isUniqueViolation(error)) throw AppError.fields({ licenseKey: ['LICENCE_KEY_TAKEN'] }, 'This licence key is already registered');
          throw error;
        }
      },
    });

    app.put('/toolpass-data-collection-consents/:id', {
      schema: { tags, summary: 'Turn data collection on or off for a key', security: bearerAuth, params: z.object({ id: idSchema }), body: updateLicenceKeyBodySchema, response: { 200: licenceKeySchema, ...commonErrors } },
      handler: async (request) => {
        const row = await ownKey(request, request.params.id);
        const [updated] = await deps.db.update(licenceKeys).set({ enableDataCollection: request.body.enableDataCollection }).where(eq(licenceKeys.id, row.id)).returning();
        return toDto(updated!);
      },
    });

    app.delete('/toolpass-data-collection-consents/:id', {
      schema: { tags, summary: 'Remove a licence key from the mill', security: bearerAuth, params: z.object({ id: idSchema }), response: { 200: messageResponseSchema, ...commonErrors } },
      handler: async (request) => {
        const row = await ownKey(request, request.params.id);
        await deps.db.delete(licenceKeys).where(eq(licenceKeys.id, row.id));
        return { ok: true as const, message: 'Licence key deleted' };
      },
    });
  };
}
