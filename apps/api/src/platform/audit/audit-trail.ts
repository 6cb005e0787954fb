import type { Db } from '../../db/client.ts';
import { insertAuditEntry } from './audit.repository.ts';
export { auditEntriesByActor } from './audit.repository.ts';

/** On behalf of which tenant an actor acted. */
export interface AuditTenant {
  kind: 'mill' | 'lab' | 'dealer' | 'platform';
  id: number | null;
}

/** Who did it and from where (the request's address; null for a job or a command). */
export interface AuditActor {
  userId: number | null;
  tenant?: AuditTenant | null;
  ip?: string | null;
}

/**
 * One audited change (issue 28 part 3). `action` is a dotted kind (`order.status.changed`);
 * `scope` names whose trail it belongs to: the mill, lab and dealer that may read it.
 */
export interface AuditEntry {
  actor: AuditActor;
  action: string;
  object: { kind: string; id: string | number };
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  scope?: { millId?: number | null; labId?: number | null; dealerId?: number | null };
}

/** Field names whose values never enter the trail, however deeply nested. */
const SECRET_FIELD = /password|secret|token|otp|recovery|hash|^code$/i;

/** The changed fields without secrets: a secret field's change is recorded, its value never. */
export function withoutSecrets(fields: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!fields) return null;
  return Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, SECRET_FIELD.test(name) ? '[redacted]' : clean(value)]));
}

function clean(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(clean);
  if (value && typeof value === 'object' && !(value instanceof Date)) return withoutSecrets(value as Record<string, unknown>);
  return value;
}

/**
 * The append side any module uses, given to features in AppDeps: it writes in the caller's
 * transaction, so an entry exists exactly when its change committed. Unsealed: the sealing job
 * chains it (ADR 0019), so concurrent changes never wait for each other here.
 */
export class AuditTrail {
  /** `disabled` only for the bench's measurement without the trail (AUDIT_DISABLED, refused in production). */
  constructor(private readonly disabled = false) {}

  async append(tx: Db, entry: AuditEntry): Promise<void> {
    if (this.disabled) return;
    await insertAuditEntry(tx, {
      actorUserId: entry.actor.userId,
      actorTenantKind: entry.actor.tenant?.kind ?? null,
      actorTenantId: entry.actor.tenant?.id ?? null,
      ip: entry.actor.ip ?? null,
      action: entry.action,
      objectKind: entry.object.kind,
      objectId: String(entry.object.id),
      before: withoutSecrets(entry.before),
      after: withoutSecrets(entry.after),
      millId: entry.scope?.millId ?? null,
      labId: entry.scope?.labId ?? null,
      dealerId: entry.scope?.dealerId ?? null,
    });
  }
}

/**
 * The manager or a dealer user acting in the reseller network: on behalf of their dealer (the
 * grant an access check answered names it), the manager on behalf of the platform.
 */
export function networkActor(user: { id: number; ip?: string }, grant: { dealer?: { dealerId: number } }): AuditActor {
  const tenant: AuditTenant = grant.dealer ? { kind: 'dealer', id: grant.dealer.dealerId } : { kind: 'platform', id: null };
  return { userId: user.id, tenant, ip: user.ip ?? null };
}
