import type { Language } from '@casebridge/shared/constants/languages';
import type { Dealer, DealerBody, DealerSummary } from '@casebridge/shared/schemas/dealers';
import { addressSchema, dealerBodySchema, salesContactSchema, supportContactSchema } from '@casebridge/shared/schemas/dealers';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { authorize, listScopeOf, type Grant } from '../../access/access.ts';
import type { SessionUser } from '../../access/session-check.ts';
import { networkActor, type AuditEntry } from '../../platform/audit/audit-trail.ts';
import { AppError } from '../../lib/app-error.ts';
import { unlessDuplicate } from '../../lib/db-errors.ts';
import { fileUrl } from '../../lib/file-url.ts';
import { createCompany } from '../companies/companies.service.ts';
import {
  changeEmailEndingSessions,
  createUser,
  endAllSessions,
  revokeDealerInvitationLinks,
  revokeInvitationLinks,
  userByEmail,
} from '../users/users.service.ts';
import { userById } from '../users/users.queries.ts';
import {
  dealerCodeTaken,
  deleteMembershipsOf,
  findDealer,
  insertDealer,
  insertMember,
  listBelow,
  listDealers as listDealerRows,
  moveMember,
  updateDealerRow,
  type DealerListQuery,
  type DealerMembership,
  type DealerWithParent,
  type NewDealerRow,
} from './dealers.repository.ts';

/**
 * Dealers (resellers) in a tree of root dealers and sub-dealers (spec manager-dealer §3–§6). The
 * rule book decides who reaches which dealer (a dealer user: its own subtree, another subtree's
 * ids are 404); the rules that depend on the record (the locks of §5) are here.
 */
export type { DealerMembership, DealerListQuery };

// Messages of spec §5 where it gives one, verbatim.
const INVALID_JSON = 'Invalid JSON';
const EMAIL_REQUIRED = 'Parent Reseller Id or Email required';
const DEALER_ID_TAKEN = 'Reseller Id must be unique';
const DEALER_ID_LOCKED = 'Only the manager can change the Reseller Id of an existing dealer';
const EMAIL_LOCKED = 'Only the manager can change the email of an existing dealer';
const PARENT_LOCKED = 'The parent of an existing dealer cannot be changed';
const OWN_PERMISSIONS_LOCKED = 'You cannot change the permissions of your own dealer';
const CONFIRM_EMAIL_CHANGE = 'This dealer is linked to a user who signs in with its email. Confirm to change it; the user is signed out.';
const CONFIRM_REINVITE = 'This dealer already has a user. Confirm to send the invitation again.';
const CONFIRM_REINVITE_SELF = 'You are the user of this dealer. Inviting again signs you out. Confirm to continue.';
export const INVITATION_SENT = 'Invitation has been sent successfully';

function toConfiguration(row: DealerWithParent): Dealer['configuration'] {
  return {
    configurationType: row.configurationType,
    fixedConfigJson: row.fixedConfigJson,
    fixedConfigFile: row.fixedConfigFileKey ? { name: row.fixedConfigFileName ?? 'configuration.json' } : null,
    dynamicConfigUrlPath: row.dynamicConfigUrlPath,
    componentBaseURL: row.componentBaseUrl,
    permissions: {
      subDealerAllowed: row.subDealerAllowed,
      ownConfigurationsAllowed: row.ownConfigurationsAllowed,
      strictModeConfiguration: row.strictModeConfiguration,
    },
  };
}

function toDealer(row: DealerWithParent): Dealer {
  return {
    id: row.id,
    dealerId: row.dealerCode,
    name: row.name,
    parentDealerId: row.parentId,
    parentDealerName: row.parentName,
    email: row.email,
    userId: row.userId,
    logo: fileUrl(row.logoKey),
    isRoot: row.parentId === null,
    // Stored contacts may predate a field: parsing fills the defaults.
    dealerContact: addressSchema.parse(row.dealerContact),
    supportContact: supportContactSchema.parse(row.supportContact),
    salesContact: salesContactSchema.parse(row.salesContact),
    configuration: toConfiguration(row),
    createdAt: row.createdAt.toISOString(),
  };
}

async function dealerOrNotFound(db: Db, id: number): Promise<DealerWithParent> {
  const row = await findDealer(db, id);
  if (!row) throw AppError.notFound('Dealer');
  return row;
}

/** The dealer whose subtree a caller's lists are limited to; null for the manager (the whole network). */
export function subtreeOf(grant: Grant): number | null {
  const scope = listScopeOf(grant);
  return scope.kind === 'all' ? null : scope.dealerId;
}

export async function listDealers(
  deps: AppDeps,
  user: SessionUser,
  query: DealerListQuery,
): Promise<{ count: number; data: DealerSummary[] }> {
  const grant = await authorize(deps.db, user, 'dealers.list', {});
  const { count, data } = await listDealerRows(deps.db, subtreeOf(grant), query);
  return { count, data: data.map((row) => ({ ...row, isRoot: row.parentDealerId === null })) };
}

export async function readDealer(deps: AppDeps, user: SessionUser, id: number): Promise<Dealer> {
  await authorize(deps.db, user, 'dealer.read', { dealerId: id });
  return toDealer(await dealerOrNotFound(deps.db, id));
}

/** The branch: every sub-dealer below the dealer, at any depth, parents first. */
export async function listBranch(deps: AppDeps, user: SessionUser, id: number): Promise<DealerSummary[]> {
  await authorize(deps.db, user, 'dealer.read', { dealerId: id });
  const rows = await listBelow(deps.db, id);
  return rows.map((row) => ({ ...row, isRoot: row.parentDealerId === null }));
}

/** The form rules of spec §5 that do not depend on who saves. */
function checkForm(body: DealerBody, hasParent: boolean): void {
  if (!hasParent && body.email === '') throw AppError.fields({ email: ['EMAIL_OR_PARENT_REQUIRED'] }, EMAIL_REQUIRED);
  const { configurationType, fixedConfigJson } = body.configuration;
  if (configurationType === 'FixedJson' && !parsesAsJson(fixedConfigJson))
    throw AppError.fields({ 'configuration.fixedConfigJson': ['INVALID_JSON'] }, INVALID_JSON);
}

function parsesAsJson(text: string | null): boolean {
  if (text === null) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The columns a form sets. Turning off own configurations turns off strict mode too (spec §4). */
function formColumns(body: DealerBody): Partial<NewDealerRow> {
  const { configuration: c } = body;
  return {
    dealerCode: body.dealerId,
    name: body.name,
    email: body.email,
    dealerContact: body.dealerContact,
    supportContact: body.supportContact,
    salesContact: body.salesContact,
    configurationType: c.configurationType,
    fixedConfigJson: c.fixedConfigJson,
    dynamicConfigUrlPath: c.dynamicConfigUrlPath,
    componentBaseUrl: c.componentBaseURL,
    subDealerAllowed: c.permissions.subDealerAllowed,
    ownConfigurationsAllowed: c.permissions.ownConfigurationsAllowed,
    strictModeConfiguration: c.permissions.ownConfigurationsAllowed && c.permissions.strictModeConfiguration,
  };
}

/** The configuration section's columns (spec §4): changing any of them is `dealer.configure`. */
const CONFIGURATION_COLUMNS = [
  'configurationType',
  'fixedConfigJson',
  'dynamicConfigUrlPath',
  'componentBaseUrl',
  'subDealerAllowed',
  'ownConfigurationsAllowed',
  'strictModeConfiguration',
] as const;
type ConfigurationColumns = Partial<Pick<NewDealerRow, (typeof CONFIGURATION_COLUMNS)[number]>>;

/** What a new dealer's configuration section holds when its form leaves the section alone. */
const BLANK_CONFIGURATION = formColumns(dealerBodySchema.parse({ dealerId: 'x', name: 'x' }));

/**
 * Whether a save changes the configuration section; an empty text is no text (the form sends '' for none),
 * and the input of a type not chosen counts for nothing (the form sends null for it, the row may still hold one).
 */
function configurationChanged(before: ConfigurationColumns, after: ConfigurationColumns): boolean {
  const [was, is] = [effectiveConfiguration(before), effectiveConfiguration(after)];
  return CONFIGURATION_COLUMNS.some((column) => (was[column] || null) !== (is[column] || null));
}

function effectiveConfiguration(columns: ConfigurationColumns): ConfigurationColumns {
  return {
    ...columns,
    fixedConfigJson: columns.configurationType === 'FixedJson' ? columns.fixedConfigJson : null,
    dynamicConfigUrlPath: columns.configurationType === 'DynamicUrl' ? columns.dynamicConfigUrlPath : null,
  };
}

async function assertCodeFree(db: Db, code: string, exceptId: number | null): Promise<void> {
  if (await dealerCodeTaken(db, code, exceptId))
    throw new AppError(409, 'DEALER_ID_TAKEN', DEALER_ID_TAKEN, { dealerId: ['DEALER_ID_TAKEN'] });
}

/**
 * A root dealer (manager only) or a sub-dealer below a dealer of one's subtree (the rule book asks
 * the caller's subDealerAllowed, spec §6); one with a configuration needs `dealer.configure` too.
 */
export async function createDealer(deps: AppDeps, user: SessionUser, body: DealerBody): Promise<Dealer> {
  const parentId = body.parentDealerId ?? null;
  let grant: Grant;
  if (parentId === null) grant = await authorize(deps.db, user, 'dealers.createRoot', {});
  else {
    grant = await authorize(deps.db, user, 'dealer.create', { dealerId: parentId });
    if (configurationChanged(BLANK_CONFIGURATION, formColumns(body)))
      await authorize(deps.db, grant, 'dealer.configure', { dealerId: parentId });
  }
  checkForm(body, parentId !== null);
  await assertCodeFree(deps.db, body.dealerId, null);
  const created = await unlessDuplicate(
    () =>
      deps.db.transaction(async (tx) => {
        // Every dealer is a company of the platform, like mills and labs.
        const company = await createCompany(tx, { name: body.name, email: body.email });
        const dealer = await insertDealer(tx, {
          ...formColumns(body),
          companyId: company.id,
          parentId,
          dealerCode: body.dealerId,
          name: body.name,
        });
        await deps.audit.append(tx, dealerAudit(user, grant, dealer.id, 'dealer.created', null, { parentId, ...formColumns(body) }));
        return dealer;
      }),
    () => new AppError(409, 'DEALER_ID_TAKEN', DEALER_ID_TAKEN, { dealerId: ['DEALER_ID_TAKEN'] }),
  );
  return toDealer(await dealerOrNotFound(deps.db, created.id));
}

/** The locks of spec §5 on an existing dealer, for whoever saves it. */
function checkLocks(grant: Grant, existing: DealerWithParent, body: DealerBody): void {
  const manager = grant.role === 'manager';
  if (body.parentDealerId != null && body.parentDealerId !== existing.parentId)
    throw AppError.fields({ parentDealerId: ['DEALER_PARENT_LOCKED'] }, PARENT_LOCKED);
  // Locked fields are the form's rules (spec §5), answered under the field like any other.
  if (!manager && body.dealerId !== existing.dealerCode) throw AppError.fields({ dealerId: ['DEALER_ID_LOCKED'] }, DEALER_ID_LOCKED);
  if (!manager && body.email !== existing.email) throw AppError.fields({ email: ['DEALER_EMAIL_LOCKED'] }, EMAIL_LOCKED);
  const { subDealerAllowed, ownConfigurationsAllowed } = body.configuration.permissions;
  const permissionsChanged =
    subDealerAllowed !== existing.subDealerAllowed || ownConfigurationsAllowed !== existing.ownConfigurationsAllowed;
  // A dealer user cannot widen what its own dealer may do; the manager or a parent decides that.
  if (grant.target?.isOwn && permissionsChanged)
    throw AppError.fields({ 'configuration.permissions': ['OWN_PERMISSIONS_LOCKED'] }, OWN_PERMISSIONS_LOCKED);
}

export async function updateDealer(deps: AppDeps, user: SessionUser, id: number, body: DealerBody): Promise<Dealer> {
  const grant = await authorize(deps.db, user, 'dealer.update', { dealerId: id });
  const existing = await dealerOrNotFound(deps.db, id);
  checkLocks(grant, existing, body);
  if (configurationChanged(existing, formColumns(body))) await authorize(deps.db, grant, 'dealer.configure', { dealerId: id });
  checkForm(body, existing.parentId !== null);
  await assertCodeFree(deps.db, body.dealerId, id);
  const emailChanged = body.email !== existing.email;
  const linkedUser = emailChanged && existing.userId !== null ? await userById(deps.db, existing.userId) : null;
  if (linkedUser && !body.confirmEmailChange) throw AppError.conflict(CONFIRM_EMAIL_CHANGE, 'DEALER_EMAIL_CHANGE_UNCONFIRMED');
  if (linkedUser && body.email === '') throw AppError.fields({ email: ['EMAIL_REQUIRED'] }, CONFIRM_EMAIL_CHANGE);
  if (linkedUser && body.email !== linkedUser.email && (await userByEmail(deps.db, body.email))) throw AppError.emailTaken();
  await unlessDuplicate(
    () =>
      deps.db.transaction(async (tx) => {
        await updateDealerRow(tx, id, formColumns(body));
        const [before, after] = changedColumns(existing, formColumns(body));
        if (Object.keys(after).length) await deps.audit.append(tx, dealerAudit(user, grant, id, 'dealer.changed', before, after));
        // The linked user signs in with the dealer's email: it moves along, and their sessions end.
        if (linkedUser && body.email !== linkedUser.email) await changeEmailEndingSessions(tx, linkedUser.id, body.email);
      }),
    () => AppError.emailTaken(),
  );
  if (linkedUser) deps.realtime.endSessions(linkedUser.id);
  return toDealer(await dealerOrNotFound(deps.db, id));
}

/**
 * The dealer's invitation (spec §4): a dealer without a user gets one, with a mail to choose a
 * password. A dealer with a user is invited again only after confirmation: its address moves to
 * the one given, older links stop working and its sessions end (so inviting one's own dealer signs
 * one out). The mail is queued in the same transaction.
 */
export async function inviteDealer(
  deps: AppDeps,
  user: SessionUser,
  id: number,
  input: { email: string; confirm: boolean },
  language: Language,
): Promise<{ signedOut: boolean }> {
  const grant = await authorize(deps.db, user, 'dealer.invite', { dealerId: id });
  const dealer = await dealerOrNotFound(deps.db, id);
  const linked = dealer.userId === null ? null : await userById(deps.db, dealer.userId);
  const holder = await userByEmail(deps.db, input.email);
  if (holder && holder.id !== linked?.id) throw AppError.emailTaken();
  if (!linked) {
    await unlessDuplicate(
      () =>
        deps.db.transaction(async (tx) => {
          const invited = await inviteNewUser(deps, tx, dealer, input.email, language);
          await deps.audit.append(tx, invitationAudit(user, grant, dealer.id, null, { userId: invited, email: input.email, again: false }));
        }),
      () => AppError.emailTaken(),
    );
    return { signedOut: false };
  }
  const self = linked.id === user.id;
  if (!input.confirm)
    throw self
      ? AppError.conflict(CONFIRM_REINVITE_SELF, 'DEALER_REINVITE_SELF_UNCONFIRMED')
      : AppError.conflict(CONFIRM_REINVITE, 'DEALER_REINVITE_UNCONFIRMED');
  await unlessDuplicate(
    () =>
      deps.db.transaction(async (tx) => {
        if (input.email !== linked.email) await changeEmailEndingSessions(tx, linked.id, input.email);
        else await endAllSessions(tx, linked.id);
        await revokeInvitationLinks(tx, linked.id);
        await revokeDealerInvitationLinks(tx, linked.id);
        if (dealer.email === '' || dealer.email === linked.email) await updateDealerRow(tx, id, { email: input.email });
        await queueDealerInvitation(deps, tx, linked.id, language);
        const after = { userId: linked.id, email: input.email, again: true };
        await deps.audit.append(tx, invitationAudit(user, grant, id, { email: linked.email }, after));
      }),
    () => AppError.emailTaken(),
  );
  deps.realtime.endSessions(linked.id);
  return { signedOut: self };
}

/**
 * An audit entry about a dealer of the tree (issue 28: dealer tree), in that dealer's trail: the
 * dealers above it read it through their subtree, the manager reads all.
 */
function dealerAudit(
  user: SessionUser,
  grant: Grant,
  dealerId: number,
  action: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditEntry {
  return { actor: networkActor(user, grant), action, object: { kind: 'dealer', id: dealerId }, before, after, scope: { dealerId } };
}

/** The form's columns that differ from the stored dealer: before and after. */
function changedColumns(existing: DealerWithParent, columns: Partial<NewDealerRow>): [Record<string, unknown>, Record<string, unknown>] {
  // Contacts are objects: compared by their JSON.
  const changed = Object.entries(columns).filter(
    ([name, value]) => JSON.stringify(existing[name as keyof DealerWithParent]) !== JSON.stringify(value),
  );
  return [Object.fromEntries(changed.map(([name]) => [name, existing[name as keyof DealerWithParent]])), Object.fromEntries(changed)];
}

/**
 * The dealer's invitation in the trail (issue 28: re-invitations): whom it went to, and whether it
 * replaced an earlier user's access (`again`, with the address before).
 */
function invitationAudit(
  user: SessionUser,
  grant: Grant,
  dealerId: number,
  before: { email: string } | null,
  after: { userId: number; email: string; again: boolean },
): AuditEntry {
  return dealerAudit(user, grant, dealerId, 'dealer.invitation.sent', before, after);
}

/** Creates the dealer's first user and queues its invitation, in the caller's transaction; answers the user's id. */
async function inviteNewUser(deps: AppDeps, tx: Db, dealer: DealerWithParent, email: string, language: Language): Promise<number> {
  const invited = await createUser(tx, {
    email,
    firstName: dealer.name,
    lastName: '',
    roleType: 'dealer',
    companyId: dealer.companyId,
    language,
    confirmed: false,
  });
  await insertMember(tx, { dealerId: dealer.id, userId: invited.id, dealerRole: 'dealer' });
  await updateDealerRow(tx, dealer.id, { userId: invited.id, ...(dealer.email === '' ? { email } : {}) });
  await queueDealerInvitation(deps, tx, invited.id, language);
  return invited.id;
}

// For the dealer-users use case (`tx` may be a transaction).

/** Queues the mail with a single-use link to choose a password (auth.mails issues it on sending). */
export async function queueDealerInvitation(deps: AppDeps, tx: Db, userId: number, language: Language): Promise<void> {
  await deps.jobs.enqueue(tx, 'mail.account', { kind: 'dealerInvitation', userId, language });
}

export async function addDealerMember(tx: Db, dealerId: number, userId: number, role: 'dealer' | 'manager'): Promise<void> {
  await insertMember(tx, { dealerId, userId, dealerRole: role });
}

export async function moveDealerMember(tx: Db, userId: number, dealerId: number, role: 'dealer' | 'manager'): Promise<void> {
  await moveMember(tx, userId, dealerId, role);
}

/**
 * Hears `dealerConfiguration.published` (issue 14 item 3): the configuration test's "ready for
 * production" makes the tested text the dealer's production configuration, the column the dealer form edits.
 */
export async function setProductionConfiguration(tx: Db, dealerId: number, json: string): Promise<void> {
  await updateDealerRow(tx, dealerId, { fixedConfigJson: json });
}

/**
 * Account deletion (personal-data), in its transaction: the user works for no dealer any more. A
 * dealer left without users is invited again by its parent or the manager (`dealer.invite`).
 */
export async function leaveDealer(tx: Db, userId: number): Promise<{ dealerId: number; dealerRole: string }[]> {
  return deleteMembershipsOf(tx, userId);
}
