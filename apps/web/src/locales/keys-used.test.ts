import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { DEALER_ROLES, MILL_ROLES } from '@casebridge/shared/constants/roles';
import { COMPONENT_STATUSES, STATUS_FILTERS } from '@casebridge/shared/constants/orders';
import { ERROR_CODES } from '@casebridge/shared/errors';
import { REMINDER_FREQUENCIES } from '@casebridge/shared/schemas/auth';
import { PLAN_KEYS, USAGE_NAMES } from '@casebridge/shared/schemas/billing';
import { CONFIGURATION_SOURCES } from '@casebridge/shared/schemas/dealer-configurations';
import { CONFIGURATION_TYPES } from '@casebridge/shared/schemas/dealers';
import { ARCHIVE_FILTERS } from '@casebridge/shared/schemas/licence-tickets';
import { REMINDER_STAGES } from '@casebridge/shared/schemas/ticket-reminders';
import en from './en/translation.json';

/**
 * Every key the web app's code names must be in the English translation (the fallback of every
 * language, whose completeness locales.test.ts checks), or a reader sees the raw key, as the toast
 * `company.updateFirst` once showed (issue 24 item 3). This reads the source, so it also covers
 * screens no component test renders. The other half of the guard is at run time: lib/i18n.ts
 * reports a key missing from the loaded texts, which fails component tests (test/setup.ts) and
 * browser journeys (e2e/browser.ts).
 */

const SRC = path.resolve(import.meta.dirname, '..');

type Tree = { [key: string]: string | Tree };
function leaves(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const dotted = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [dotted] : leaves(value, dotted);
  });
}
const englishKeys = leaves(en as Tree);
/** A plural key is named without its suffix (`t('x.files', { count })` reads `x.files_one`, ...). */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const callableKeys = new Set(englishKeys.map((key) => key.replace(PLURAL_SUFFIX, '')));
const namespaces = new Set(Object.keys(en));

/**
 * Keys built from a value whose every possibility is known: each member of the list must have
 * its text, not merely one of them.
 */
const ENUMERATIONS: Record<string, readonly string[]> = {
  'errors.': ERROR_CODES,
  'orders.status.': COMPONENT_STATUSES,
  'orders.statusFilter.': STATUS_FILTERS,
  'millUsers.roles.': MILL_ROLES,
  'dealers.users.roles.': DEALER_ROLES,
  'contract.planNames.': PLAN_KEYS,
  'contract.usageNames.': USAGE_NAMES,
  'notifications.planLimit.': USAGE_NAMES,
  'dealers.configurationTypes.': CONFIGURATION_TYPES,
  'dealerConfig.source.': CONFIGURATION_SOURCES,
  'dealers.settings.frequency.': REMINDER_FREQUENCIES,
  'ticketReminders.preview.stage.': REMINDER_STAGES,
  'ticketDesk.filters.archiveStates.': ARCHIVE_FILTERS,
};

/** Names a translate function goes by here: `t`, `i18next.t`, `i18n.t`, and the live events' `translate`. */
function isTranslateCall(node: ts.CallExpression): boolean {
  const callee = node.expression;
  if (ts.isIdentifier(callee)) return callee.text === 't' || callee.text === 'translate';
  return ts.isPropertyAccessExpression(callee) && callee.name.text === 't';
}

type Found = { file: string; line: number; key: string | RegExp; prefix?: string };

/** The keys an argument may be: a literal, each branch of `a ? 'x' : 'y'` and `a ?? 'x'`, or a template. */
function keysOf(node: ts.Expression): Array<string | { pattern: RegExp; prefix: string }> {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return keysOf(node.expression);
  if (ts.isConditionalExpression(node)) return [...keysOf(node.whenTrue), ...keysOf(node.whenFalse)];
  if (ts.isBinaryExpression(node) && [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(node.operatorToken.kind)) {
    return [...keysOf(node.left), ...keysOf(node.right)];
  }
  if (ts.isTemplateExpression(node)) {
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // Each `${…}` stands for one or more dotted segments, e.g. `${ns}.upload` or `errors.${code}`.
    const source = escape(node.head.text) + node.templateSpans.map((span) => `[\\w-]+(?:\\.[\\w-]+)*${escape(span.literal.text)}`).join('');
    return [{ pattern: new RegExp(`^${source}$`), prefix: node.head.text }];
  }
  return [];
}

/** A literal that reads like a key of ours: a known namespace, then dotted words. */
const looksLikeKey = (text: string) => /^[a-zA-Z]+(\.[\w]+)+$/.test(text) && namespaces.has(text.split('.')[0]!);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' || entry.name === 'test' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** Keys named in calls (`t(...)`, `<Trans i18nKey=…>`), and other literals shaped like our keys. */
function scan(): { called: Found[]; literals: Found[] } {
  const called: Found[] = [];
  const literals: Found[] = [];
  for (const file of sourceFiles(SRC)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const where = (node: ts.Node) => ({ file: path.relative(SRC, file), line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    const inCall = new Set<ts.Node>();
    const isInCall = (node: ts.Node | undefined): boolean => node !== undefined && (inCall.has(node) || isInCall(node.parent));
    const record = (node: ts.Expression) => {
      for (const key of keysOf(node)) {
        called.push(typeof key === 'string' ? { ...where(node), key } : { ...where(node), key: key.pattern, prefix: key.prefix });
      }
    };
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && isTranslateCall(node) && node.arguments[0]) {
        record(node.arguments[0]);
        inCall.add(node.arguments[0]);
      } else if (ts.isJsxAttribute(node) && node.name.getText() === 'i18nKey' && node.initializer) {
        const value = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer;
        if (value) {
          record(value);
          inCall.add(value);
        }
      } else if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && !isInCall(node) && looksLikeKey(node.text)) {
        // Keys kept in tables and props (`labelKey: 'orders.files'`) and handed to `t` later; a rule-book
        // action asked of the session (`actions.includes('dealer.create')`, `millMay(mill, …)`) is a name of the API, not a text.
        if (!ts.isImportDeclaration(node.parent) && !ts.isExternalModuleReference(node.parent) && !isActionAsked(node))
          literals.push({ ...where(node), key: node.text });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { called, literals };
}

function isActionAsked(node: ts.Node): boolean {
  const call = node.parent;
  return (ts.isCallExpression(call) && /(^|\.)actions\.includes$|^millMay$/.test(call.expression.getText())) || isAuditKind(node);
}

/** The audit trail's action kinds (`auth.signIn.succeeded`) are names the API writes; their labels are `audit.actions.*`. */
function isAuditKind(node: ts.Node): boolean {
  for (let up: ts.Node | undefined = node.parent; up; up = up.parent) {
    if (ts.isVariableDeclaration(up)) return up.name.getText() === 'AUDIT_ACTION_KINDS';
  }
  return false;
}

const { called, literals } = scan();
const describeFound = ({ file, line, key }: Found) => `${file}:${line} ${String(key)}`;
/** A key's subtree (e.g. `contract.planNames`) is a fine literal: code reads its children. */
const isKeyOrSubtree = (key: string) => callableKeys.has(key) || englishKeys.some((leaf) => leaf.startsWith(`${key}.`));

describe('keys the code uses', () => {
  it('finds the calls it checks (the scan itself works)', () => {
    expect(called.length).toBeGreaterThan(1000);
    expect(called.some((found) => found.key === 'company.updateFirst')).toBe(true);
  });

  it('has an English text for every literal key given to t() or i18nKey', () => {
    const missing = called.filter((found) => typeof found.key === 'string' && !callableKeys.has(found.key));
    expect(missing.map(describeFound)).toEqual([]);
  });

  it('has at least one English text for every key built from a template', () => {
    const missing = called.filter((found) => found.key instanceof RegExp && !englishKeys.some((key) => (found.key as RegExp).test(key.replace(PLURAL_SUFFIX, ''))));
    expect(missing.map(describeFound)).toEqual([]);
  });

  it('has a text for every member of the known enumerations a key is built from', () => {
    const prefixes = new Set(called.flatMap((found) => (found.prefix !== undefined ? [found.prefix] : [])));
    const missing = Object.entries(ENUMERATIONS).flatMap(([prefix, values]) => {
      expect(prefixes.has(prefix), `no key is built from ${prefix} any more`).toBe(true);
      return values.filter((value) => !callableKeys.has(`${prefix}${value}`)).map((value) => `${prefix}${value}`);
    });
    expect(missing).toEqual([]);
  });

  it('has an English text (or subtree) for every other literal shaped like a key', () => {
    expect(literals.filter((found) => !isKeyOrSubtree(found.key as string)).map(describeFound)).toEqual([]);
  });
});
