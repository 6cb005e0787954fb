import {
  ACTIONS,
  DEALER_CONDITIONS,
  PERMISSIONS,
  ROLES,
  roleMay,
  type Action,
  type ActionRule,
  type DealerCondition,
} from './rule-book.ts';

/** What each dealer condition means for a root dealer and for a sub-dealer (of any depth): false where it never holds. */
const CONDITION_BY_KIND: Record<DealerCondition, { root: string | false; sub: string | false }> = {
  rootDealer: { root: '', sub: false },
  subDealerAllowed: { root: 'with subDealerAllowed', sub: 'with subDealerAllowed' },
  ownDealer: { root: 'its own dealer only', sub: 'its own dealer only' },
  ownDealerOrSubDealerAllowed: {
    root: 'its own dealer; a sub-dealer with subDealerAllowed',
    sub: 'its own dealer; a sub-dealer with subDealerAllowed',
  },
  ownConfigurations: { root: 'a dealer with own configurations', sub: 'a dealer with own configurations, its root allowing them' },
  configurationSection: {
    root: 'its dealer with own configurations or subDealerAllowed',
    sub: 'its dealer with own configurations, its root allowing them',
  },
};

const CONDITION_TEXT: Record<DealerCondition, string> = {
  rootDealer: 'the caller’s dealer has no parent (a root dealer)',
  subDealerAllowed: 'the caller’s dealer has subDealerAllowed',
  ownDealer: 'the dealer named is the caller’s own dealer, not one of its sub-dealers',
  ownDealerOrSubDealerAllowed: 'the dealer named is the caller’s own dealer, or the caller’s dealer has subDealerAllowed',
  ownConfigurations: 'the dealer named may use own configurations: its own permission and, for a sub-dealer, its root’s',
  configurationSection:
    'the caller’s dealer may use own configurations (for a sub-dealer, its root allowing them), or it is a root dealer with subDealerAllowed',
};

/** A dealer role's cell for one kind of dealer: ✓, ✓ with the conditions that still apply, or empty. */
function dealerCell(action: Action, kind: 'root' | 'sub'): string {
  const rule: ActionRule = ACTIONS[action];
  const texts = (rule.dealerRules ?? []).map((dealerRule) => CONDITION_BY_KIND[dealerRule.holds][kind]);
  if (texts.includes(false)) return '';
  const conditions = texts.filter(Boolean);
  return conditions.length === 0 ? '✓' : `✓ ${conditions.join('; ')}`;
}

const DEALER_ROLES = ['dealer', 'dealerManager'] as const;
const COLUMNS = ROLES.flatMap((role) =>
  (DEALER_ROLES as readonly string[]).includes(role) ? [`${role} (root dealer)`, `${role} (sub-dealer)`] : [role],
);

function cells(action: Action): string[] {
  return ROLES.flatMap((role) => {
    if (!(DEALER_ROLES as readonly string[]).includes(role)) return [roleMay(role, action) ? '✓' : ''];
    if (!roleMay(role, action)) return ['', ''];
    return [dealerCell(action, 'root'), dealerCell(action, 'sub')];
  });
}

/**
 * docs/permission-matrix.md, rendered from the rule book; `npm run docs:permissions` writes it and
 * a test fails while the committed file differs, so the document always says what the code does.
 */
export function renderPermissionMatrix(): string {
  const actions = Object.keys(ACTIONS) as Action[];
  const header = `| action | scope | ${COLUMNS.join(' | ')} | refused while |`;
  const divider = `| --- | --- | ${COLUMNS.map(() => ':---:').join(' | ')} | --- |`;
  const rows = actions.map((action) => {
    const rule: ActionRule = ACTIONS[action];
    return `| \`${action}\` | ${rule.scope} | ${cells(action).join(' | ')} | ${(rule.refusedWhen ?? []).join(', ')} |`;
  });
  const descriptions = actions.map((action) => `- \`${action}\`: ${ACTIONS[action].description}.`);
  const dealerRules = actions.flatMap((action) => {
    const rule: ActionRule = ACTIONS[action];
    return (rule.dealerRules ?? []).map(
      (dealerRule) =>
        `- \`${action}\`: ${CONDITION_TEXT[dealerRule.holds]}; else ${dealerRule.status} \`${dealerRule.code}\` (“${dealerRule.message}”).`,
    );
  });
  const counts = ROLES.map((role) => `${role} ${PERMISSIONS[role].length}`).join(', ');
  return [
    '# Permission matrix',
    '',
    '<!-- Generated from apps/api/src/access/rule-book.ts by `npm run docs:permissions`; do not edit. -->',
    '',
    'Who may do what (apps/api/src/access/rule-book.ts). A caller with no role in the tenant of the',
    'object gets 404, exactly as for a missing object; a role without the action gets 403; a block',
    'in the last column also answers 403, with the reason. Roles are decided per tenant (access.ts).',
    'A dealer user’s answer also depends on its dealer (a root dealer, or a sub-dealer at any depth)',
    'and on that dealer’s permissions: its columns say under which condition it may (dealer rules below).',
    '',
    header,
    divider,
    ...rows,
    '',
    `Actions per role: ${counts}.`,
    '',
    '## Dealer rules',
    '',
    'Checked for dealer users only, in this order; the first that does not hold answers.',
    `Conditions: ${DEALER_CONDITIONS.map((condition) => `\`${condition}\``).join(', ')}.`,
    '',
    ...dealerRules,
    '',
    '## Actions',
    '',
    ...descriptions,
    '',
  ].join('\n');
}
