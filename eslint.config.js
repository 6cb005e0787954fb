import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'apps/api/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Prettier wraps code at 140; what it cannot wrap (a long string) is kept under 200 by hand.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.e2e.ts'],
    rules: { 'max-len': ['error', { code: 200 }] },
  },
  ...featureBoundaries(),
);

/**
 * Features do not import each other; the app shell composes them (DESIGN §4, bulletproof-react).
 * One override per feature folder forbids reaching into any sibling.
 */
function featureBoundaries() {
  const root = 'apps/web/src/features';
  const features = readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  return features.map((feature) => ({
    files: [`${root}/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: features
            .filter((other) => other !== feature)
            .map((other) => ({
              group: [`**/features/${other}/**`, `../${other}/**`, `../../${other}/**`, `../../../${other}/**`],
              message: `features/${feature} must not import features/${other}.`,
            })),
        },
      ],
    },
  }));
}
