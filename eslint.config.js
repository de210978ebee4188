// Lint rules that hold the layer boundaries: web -> machines -> sdk, server -> sdk.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const banned = (names, message) => names.map((name) => ({ group: [name, `${name}/*`], message }));
/** Apps read `@sapa/machines` by area (`/auth`, `/inbox`, `/crm`, ...), never its root or its files. */
const machinesRoot = [
  {
    name: '@sapa/machines',
    message:
      'Import from an area of @sapa/machines (/auth, /inbox, /crm, /table, /team, /personal, /uploads, /testing).',
  },
];
/** The whole catalogue would ride in every chunk that names it: the app adds parts (`addMessages`). */
const wholeCatalogue = {
  name: '@sapa/sdk',
  importNames: ['messages', 'addEveryMessage'],
  message:
    "The whole catalogue carries every screen's texts: import the part you need (templateMessages, ...) and addMessages it.",
};
const machinesInternals = [
  {
    group: ['@sapa/machines/src', '@sapa/machines/src/**', '**/machines/src', '**/machines/src/**'],
    message: "A machine's internals stay inside @sapa/machines: import its area entry instead.",
  },
];
/** What the web app may not import, its tests included. */
const webPatterns = [
  ...banned(['@sapa/server'], 'The web app talks to the server only through the SDK.'),
  ...machinesInternals,
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.sapa-data/**',
      'packages/server/drizzle/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['packages/sdk/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...banned(
              ['react', 'react-dom', 'xstate', '@xstate', 'wouter', 'react-aria-components'],
              'The SDK is framework-free: no React or XState.',
            ),
            ...banned(['@sapa/machines', '@sapa/web', '@sapa/server'], 'The SDK depends on nothing of Sapa.'),
          ],
        },
      ],
    },
  },
  {
    files: ['packages/machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...banned(
              ['react', 'react-dom', '@xstate/react', 'wouter', 'react-aria-components'],
              'Machines hold no React.',
            ),
            ...banned(['@sapa/web', '@sapa/server'], 'Machines depend only on the SDK.'),
          ],
        },
      ],
    },
  },
  {
    files: ['packages/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: banned(
            ['react', 'react-dom', 'xstate', '@sapa/machines', '@sapa/web'],
            'The server depends only on the SDK contract.',
          ),
        },
      ],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [...machinesRoot, wholeCatalogue],
          patterns: webPatterns,
        },
      ],
    },
  },
  {
    // Tests may check texts against the whole catalogue.
    files: ['packages/web/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: machinesRoot,
          patterns: webPatterns,
        },
      ],
    },
  },
  {
    files: ['e2e/**/*.ts', 'bench/**/*.{ts,mjs,js}', 'scripts/**/*.{ts,mjs,js}'],
    rules: {
      'no-restricted-imports': ['error', { paths: machinesRoot, patterns: machinesInternals }],
    },
  },
);
