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
  {
    // Size limits of the house rules (issue 30 item 6, decision 040): no source file over 400 lines and no function
    // over 80, blank lines and comments not counted. Tests, migrations, message catalogues and the demo seed's data
    // tables are left out.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'tools/**/*.ts', 'bench/**/*.ts'],
    ignores: [
      '**/*.test.{ts,tsx}',
      'apps/web/tests/**',
      'apps/api/src/test/**',
      'apps/api/src/db/migrations/**',
      '**/i18n/**',
      '**/messages*.ts',
      // Data tables, not logic: the demo catalogue's products and their Kazakh texts.
      'apps/api/src/seed/seed.catalog-data.ts',
      'apps/api/src/seed/seed.catalog-data.kk.ts',
    ],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Known offenders, each listed so that the rule is on for everything else and a new offender fails the lint.
    // Remove a line when its file meets the limits.
    files: [
      // Issue 30 item 5 (the exchange split, not done yet): the exchange admin routes' plugin, 137 lines.
      'apps/api/src/modules/exchange/exchange.admin.routes.ts',
      // Left from issue 30 item 6 (see docs/decisions/040): route plugins and app assembly (buildApp 111,
      // installClosing 98, structureRoutes 82), the demo seed's drawings and builders (garment.*, seed.catalogue.ts,
      // seed.large.ts), the bench runner (run.ts 1,206 lines, main 190; ensureLargePostgres 84), and screens whose
      // component is one long JSX tree (admin: ProductForm 125, StockGrid 89, CatalogueExchange 116,
      // CatalogueImport 91, content Editor 99; web: CartLine 89, Header 81, Slider 82, Checkout 81, ProductPage 87,
      // AddToCart 82).
      'apps/api/src/app.ts',
      'apps/api/src/lib/closing.ts',
      'apps/api/src/modules/catalog/catalog.admin.structure.routes.ts',
      'apps/api/src/seed/garment.*.ts',
      'apps/api/src/seed/seed.catalogue.ts',
      'apps/api/src/seed/seed.large.ts',
      'bench/run.ts',
      'bench/pg-large.ts',
      'apps/admin/app/components/product/ProductForm.tsx',
      'apps/admin/app/components/product/ProductStock.tsx',
      'apps/admin/app/routes/catalogue-exchange.tsx',
      'apps/admin/app/routes/catalogue-import.tsx',
      'apps/admin/app/routes/content-page.tsx',
      'apps/web/app/components/CartLine.tsx',
      'apps/web/app/components/Header.tsx',
      'apps/web/app/components/Slider.tsx',
      'apps/web/app/routes/cart/checkout.tsx',
      'apps/web/app/routes/catalog/product.tsx',
    ],
    rules: { 'max-lines': 'off', 'max-lines-per-function': 'off' },
  },
  {
    // Functions over 80 lines that landed with this round's integrations (issues 30–34), each an adapter or plugin
    // written as one factory closure; the file limit stays on. Remove a line when its function is split.
    files: [
      'apps/api/src/plugins/answer-lane.ts', // cachedAnswerLane 98
      'apps/api/src/plugins/metrics.ts', // databaseGauges 107
      'apps/api/src/modules/fiscal/webkassa.ts', // createWebkassa 104
      'apps/api/src/modules/kaspi/kaspi.client.ts', // createKaspiPay 94
      'apps/api/src/modules/shipping/shipping.cdek.ts', // createCdekCarrier 135
      'tools/kaspi-simulator/simulator.routes.ts', // registerRoutes 107
      'apps/admin/app/components/ExchangeSettingsForm.tsx', // ExchangeSettingsForm 89
    ],
    rules: { 'max-lines-per-function': 'off' },
  },
);
