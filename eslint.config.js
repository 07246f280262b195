// One lint setup for the whole repository (TypeScript, React hooks).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Imports production files may not make: tools/ (simulators, test servers) and test support. */
const notInProduction = [
  {
    group: ['@kiim/tools', '@kiim/tools/*'],
    message: 'tools/ is not the shop: production code never imports it.',
  },
  { regex: '^#app/test/', message: 'test support is for tests only.' },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/dist/**',
      '**/.react-router/**',
      'data/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Production code never imports tools/ (simulators, test servers) or test support; API modules never import
    // the demo seed. The server entries may load the ePay simulator's starter by dynamic import (simulator mode).
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/api/src/test/**', 'apps/web/tests/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: notInProduction }],
    },
  },
  {
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...notInProduction,
            {
              regex: '^(#app|\\.\\.?)(/\\.\\.)*/seed/',
              message:
                'modules never import the demo seed: take what it provides by injection (see media.masters.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    ignores: [
      '**/*.test.{ts,tsx}',
      'apps/api/src/test/**',
      'apps/web/tests/**',
      'apps/web/server.ts',
      'apps/web/dev-server.ts',
      'apps/api/src/server.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression[source.value=/^@kiim\\/tools/]',
          message: 'only the server entries load tools/ (the ePay simulator in simulator mode).',
        },
      ],
    },
  },
);
