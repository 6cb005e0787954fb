import { ACTIONS, PERMISSIONS, ROLES, roleMay, type Action } from './rule-book.ts';

/**
 * docs/permission-matrix.md, rendered from the rule book; `npm run docs:permissions` writes it and
 * a test fails while the committed file differs, so the document always says what the code does.
 */
export function renderPermissionMatrix(): string {
  const actions = Object.keys(ACTIONS) as Action[];
  const header = `| action | scope | ${ROLES.join(' | ')} | refused while |`;
  const divider = `| --- | --- | ${ROLES.map(() => ':---:').join(' | ')} | --- |`;
  const rows = actions.map((action) => {
    const rule: { scope: string; refusedWhen?: readonly string[] } = ACTIONS[action];
    const cells = ROLES.map((role) => (roleMay(role, action) ? '✓' : ''));
    return `| \`${action}\` | ${rule.scope} | ${cells.join(' | ')} | ${(rule.refusedWhen ?? []).join(', ')} |`;
  });
  const descriptions = actions.map((action) => `- \`${action}\`: ${ACTIONS[action].description}.`);
  const counts = ROLES.map((role) => `${role} ${PERMISSIONS[role].length}`).join(', ');
  return [
    '# Permission matrix',
    '',
    '<!-- Generated from apps/api/src/access/rule-book.ts by `npm run docs:permissions`; do not edit. -->',
    '',
    'Who may do what (apps/api/src/access/rule-book.ts). A caller with no role in the tenant of the',
    'object gets 404, exactly as for a missing object; a role without the action gets 403; a block',
    'in the last column also answers 403, with the reason. Roles are decided per tenant (access.ts).',
    '',
    header,
    divider,
    ...rows,
    '',
    `Actions per role: ${counts}.`,
    '',
    '## Actions',
    '',
    ...descriptions,
    '',
  ].join('\n');
}
