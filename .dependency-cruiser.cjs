/**
 * The dependency rules of the whole repository, checked by `npm run lint` (ADR 0016). The API's
 * module layers come from apps/api/src/modules/layers.json, written down once there.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- dependency-cruiser reads a CommonJS config
const layers = require('./apps/api/src/modules/layers.json');

const modules = '^apps/api/src/modules/';
const anyOf = (names) => `(${names.join('|')})`;
const inLayer = (name) => `${modules}${anyOf(layers[name])}/`;
const notTests = '\\.(test|e2e)\\.tsx?$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycle anywhere in the applications: a change must not ripple round a circle.',
      severity: 'error',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
    {
      name: 'adapters-know-no-feature',
      comment: 'platform/, lib/, access/, db/ (but the demo seed) and deps.ts sit below every module.',
      severity: 'error',
      from: { path: '^apps/api/src/(platform|lib|access|db|deps\\.ts)', pathNot: ['^apps/api/src/db/seed/', notTests] },
      to: { path: modules },
    },
    {
      name: 'directory-imports-no-feature',
      comment: 'The directory (who is who, what is offered) knows nothing of the features above it.',
      severity: 'error',
      from: { path: inLayer('directory'), pathNot: notTests },
      to: { path: `${modules}${anyOf([...layers.core, ...layers.features, ...layers['use-cases']])}/` },
    },
    {
      name: 'core-imports-no-feature',
      comment: 'The core (orders, the contract, invoices) is what features hang on; it publishes events instead of calling them.',
      severity: 'error',
      from: { path: inLayer('core'), pathNot: notTests },
      to: { path: `${modules}${anyOf([...layers.features, ...layers['use-cases']])}/` },
    },
    {
      name: 'feature-imports-no-feature',
      comment: 'A feature reaches another only through a domain event or a use case above both.',
      severity: 'error',
      from: { path: `${modules}${anyOf(layers.features)}/`, pathNot: notTests },
      to: { path: inLayer('features'), pathNot: `${modules}$1/` },
    },
    {
      name: 'feature-imports-no-use-case',
      comment: 'Use cases compose features; no feature leans on one.',
      severity: 'error',
      from: { path: inLayer('features'), pathNot: notTests },
      to: { path: inLayer('use-cases') },
    },
    {
      name: 'use-case-imports-no-use-case',
      comment: 'Use cases are the top of the API: only the composition roots (routes.ts, jobs.ts, events.ts) import them.',
      severity: 'error',
      from: { path: `${modules}${anyOf(layers['use-cases'])}/`, pathNot: notTests },
      to: { path: inLayer('use-cases'), pathNot: `${modules}$1/` },
    },
    {
      name: 'web-feature-imports-no-feature',
      comment: 'Web features do not import each other; the app shell composes them.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'apps-stay-apart',
      comment: 'The API, the web app and the CLI share code only through packages/shared.',
      severity: 'error',
      // The CLI's tests drive a real API through its test harness; its code does not.
      from: { path: '^apps/(api|web|cli)/', pathNot: [notTests, '^apps/cli/src/test/'] },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'shared-knows-no-app',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)dist/', '(^|/)node_modules/', '^apps/api/src/db/migrations/'] },
    // Type-only imports count: a cycle of types still ties the files' changes together.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    reporterOptions: {
      archi: { collapsePattern: '^apps/api/src/(modules|platform)/[^/]+|^apps/web/src/features/[^/]+|^(apps|packages)/[^/]+/src' },
    },
  },
};
