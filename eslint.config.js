import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import pluginQuery from '@tanstack/eslint-plugin-query';
import globals from 'globals';

const noServer = { regex: '(^|/|#)server(/|$)', message: 'The console never imports the server.' };
const crossFeature = 'Features do not import each other; routes compose them.';
const statelessCell = {
  regex:
    '(^|/|#)(react-hook-form|@tanstack/react-query|@radix-ui/[^/]+)$|(^|[/-])(dialog|form)(-[^/]*)?$',
  message:
    'A table cell holds no state: its element shows other rows as the table scrolls. Open dialogs and forms from a row action (RowActions), whose dialog the table owns.',
};

const noDefaultExport = {
  selector: 'ExportDefaultDeclaration',
  message: 'Use named exports (default exports only where a tool needs them).',
};
// A submit blocked by a rule that no drawn field shows (a hidden field, a value set without a
// field) said nothing at all (issue 28): every form draws UnshownErrors, itself or through the
// footers that do.
const formSaysWhy = {
  selector:
    "JSXElement[openingElement.name.name='form']:not(:has(JSXIdentifier[name=/^(UnshownErrors|FormSaveBar|CreateFormFooter)$/]))",
  message:
    'A form says every rule it blocks a submit on: draw UnshownErrors in it (FormSaveBar and CreateFormFooter do).',
};

/** One no-restricted-imports block per room; a block replaces, not adds to, an earlier one. */
function room(files, ...patterns) {
  return { files: [files], rules: { 'no-restricted-imports': ['error', { patterns }] } };
}

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      'test-results-*',
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
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-unnecessary-condition': 'off',
      '@typescript-eslint/only-throw-error': 'off',
      'no-restricted-syntax': ['error', noDefaultExport],
    },
  },
  {
    files: ['src/console/**/*.tsx'],
    rules: { 'no-restricted-syntax': ['error', noDefaultExport, formSaysWhy] },
  },
  // Rooms (STYLE.md): the contract is shared; console and server never import each other;
  // shared UI and lib never import features; features never import each other.
  room('src/contract/**', {
    regex: '(^|/|#)(server|console)(/|$)',
    message: 'The contract is shared and depends on zod only.',
  }),
  room('src/server/**', {
    regex: '(^|/|#)console(/|$)',
    message: 'The server never imports the console.',
  }),
  // Server modules share only the seams (http/, db/, rows/, audit/, rate-limits/, events/, jobs/,
  // crypto/, mail/, keys/, backup/, metrics/) and the services they are given; the seams never
  // reach into a module.
  room(
    'src/server/modules/*/*.ts',
    { regex: '(^|/|#)console(/|$)', message: 'The server never imports the console.' },
    {
      regex: '^\\.\\./(?!\\.)|(^|/)modules/|(^|/)app$',
      message:
        'Modules never import each other (or the app); shared code lives in a seam: http/, db/, rows/, audit/, rate-limits/, events/, jobs/, crypto/, mail/, keys/, backup/ or metrics/.',
    },
  ),
  room(
    'src/server/{http,db,rows,audit,rate-limits,serving,events,jobs,crypto,mail,keys,backup,metrics}/**/*.ts',
    { regex: '(^|/|#)console(/|$)', message: 'The server never imports the console.' },
    {
      regex: '(^|/|#)modules(/|$)',
      message: 'The shared seams never import a module; the module imports them.',
    },
  ),
  // Configuration is read before anything else (main.ts, the tests' services): it depends on no
  // layer of the service, which all read it. Its files import only each other.
  room(
    'src/server/config/*.ts',
    { regex: '(^|/|#)console(/|$)', message: 'The server never imports the console.' },
    {
      regex: '^\\.\\./|^#(?!server/config/)',
      message: 'Configuration depends on no layer of the service (http/, db/, …); they read it.',
    },
  ),
  room('src/console/**', noServer),
  room('src/console/{components,lib}/**', noServer, {
    regex: '(^|/|#)features(/|$)',
    message: 'Shared UI and lib do not know features.',
  }),
  room('src/console/features/*/*.{ts,tsx}', noServer, {
    regex: '^\\.\\./(?!\\.)|(^|/)features/',
    message: crossFeature,
  }),
  room('src/console/features/*/*/*.{ts,tsx}', noServer, {
    regex: '^\\.\\./\\.\\./(?!\\.)|(^|/)features/',
    message: crossFeature,
  }),
  // A column's cell is drawn into a row element the table gives to other rows as it scrolls
  // (data-table/row-slots.ts): a form, dialog, mutation or state in a cell would outlive its row,
  // as the Migrate dialog did (issue 28). What a row opens is a row action, whose dialog the table
  // owns on the row it was opened from.
  room('src/console/features/*/*-columns.tsx', noServer, statelessCell, {
    regex: '^\\.\\./(?!\\.)|(^|/)features/',
    message: crossFeature,
  }),
  room('src/console/components/data-table/*-column.tsx', noServer, statelessCell),
  {
    files: ['src/console/**/*-columns.tsx', 'src/console/components/data-table/*-column.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        noDefaultExport,
        formSaysWhy,
        {
          selector: 'CallExpression[callee.name=/^use(State|Reducer|Form|Mutation|.*Mutation)$/]',
          message: statelessCell.message,
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
