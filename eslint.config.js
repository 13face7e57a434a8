import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import pluginQuery from '@tanstack/eslint-plugin-query';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      '.data',
      'test-results',
      'playwright-report',
      'e2e-artifacts',
      'src/console/route-tree.gen.ts',
      'src/server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-unnecessary-condition': 'off',
      '@typescript-eslint/only-throw-error': 'off',
      'import-x/no-cycle': 'off',
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportDefaultDeclaration',
          message: 'Use named exports (default exports only where a tool needs them).',
        },
      ],
      // Rooms: the contract depends on zod only; console and server never import each other.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/contract', from: './src/server', message: 'The contract is shared.' },
            { target: './src/contract', from: './src/console', message: 'The contract is shared.' },
            {
              target: './src/console',
              from: './src/server',
              message: 'Console never imports the server.',
            },
            {
              target: './src/server',
              from: './src/console',
              message: 'Server never imports the console.',
            },
            {
              target: './src/console/features/*',
              from: './src/console/features/*',
              except: ['./'],
              message: 'Features do not import each other; routes compose them.',
            },
            {
              target: './src/console/components',
              from: './src/console/features',
              message: 'Shared UI does not know features.',
            },
            {
              target: './src/console/lib',
              from: './src/console/features',
              message: 'lib does not know features.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/console/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, '@tanstack/query': pluginQuery },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...pluginQuery.configs.recommended.rules,
    },
  },
  {
    // Tool configuration files whose tools want a default export.
    files: ['*.config.{js,ts}', 'src/console/routes/**/*.tsx'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Vitest's asymmetric matchers (expect.any, expect.stringMatching) are typed as any.
    files: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
