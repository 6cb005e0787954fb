/**
 * The action kinds the server writes today (apps/api: `deps.audit.append`), offered in the action
 * filter. A kind not listed here still shows, under its raw name; one listed gets its label from
 * `audit.actions.<kind with _ for .>` (dots would nest the translation keys).
 */
export const AUDIT_ACTION_KINDS = [
  'auth.signIn.succeeded',
  'auth.signIn.refused',
  'auth.signIn.challenged',
  'auth.signedOut',
  'auth.secondFactor.reset',
  'session.ended',
  'millUser.added',
  'millUser.changed',
  'millUser.removed',
  'client.blocked',
  'client.unblocked',
  'client.removed',
  'order.status.changed',
  'order.component.changed',
  'order.responsible.changed',
  'file.uploaded',
  'file.downloaded',
  'file.deleted',
] as const;

/** The object kinds of those actions, offered in the object filter. */
export const AUDIT_OBJECT_KINDS = ['user', 'lab', 'order', 'component', 'file', 'sign-in'] as const;

export const actionKey = (kind: string) => `audit.actions.${kind.replace(/\./g, '_')}`;
export const objectKey = (kind: string) => `audit.objects.${kind.replace(/\./g, '_')}`;
