// Lint: typescript-eslint's recommended rules, React hooks, no import cycles (the local rule
// tribe36/no-cycle, scripts/eslint-no-cycle.js; scripts/lint.test.ts proves it), and one local rule that enforces the import directions
// of docs/architecture.md (client and server never import each other; common imports neither and nothing from
// Node; features and server modules do not reach into each other). The client and the common/ modules it
// imports take no zod schema at run time (no-restricted-imports, zodFree below; docs/decisions.md decision 67).
import path from 'node:path';
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { noCycle } from './scripts/eslint-no-cycle.js';
import globals from 'globals';

const root = import.meta.dirname;
const nodeBuiltins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/** Where a file sits: its top folder, and its feature or module when it has one. */
function placeOf(file) {
  const rel = path.relative(root, file).split(path.sep);
  const top = rel[0];
  if (top === 'client' && rel[1] === 'features')
    return { top, unit: `client feature "${rel[2]}"`, key: `f:${rel[2]}` };
  if (top === 'server' && rel[1] === 'modules')
    return { top, unit: `server module "${rel[2]}"`, key: `m:${rel[2]}` };
  return { top, unit: top, key: null };
}

/**
 * no-restricted-imports options that keep zod out (decision 67): zod itself and the contract modules in
 * `contracts` (import patterns), but their zod-free `*-values` modules and chat-stream; types pass.
 */
function zodFree(contracts) {
  const message =
    "A contract's module builds zod schemas as it loads: import its types with `import type`, its values from " +
    'its `<area>-values` module (docs/decisions.md decision 67).';
  const allowed = contracts.flatMap((p) => [`!${p}-values`, `!${p.replace(/\*$/, 'chat-stream')}`]);
  return {
    paths: [{ name: 'zod', allowTypeImports: true, message }],
    patterns: [{ group: [...contracts, ...allowed], allowTypeImports: true, message }],
  };
}

const importBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Enforce the import directions between common, client, server, features and modules',
    },
    schema: [],
  },
  create(context) {
    const from = placeOf(context.filename);
    function check(node, source) {
      if (typeof source !== 'string') return;
      let target;
      if (source.startsWith('.')) target = path.resolve(path.dirname(context.filename), source);
      else if (source.startsWith('@common/'))
        target = path.join(root, 'common', source.slice('@common/'.length));
      else {
        const isTest = /\.test\.tsx?$/.test(context.filename);
        if ((from.top === 'common' || from.top === 'client') && !isTest && nodeBuiltins.has(source)) {
          context.report({ node, message: `${from.top}/ must not import the Node module "${source}".` });
        }
        return;
      }
      const to = placeOf(target);
      const report = (why) =>
        context.report({ node, message: `${from.unit} must not import ${to.unit} (${why}).` });
      if (from.top === 'common' && to.top !== 'common')
        report('common/ is isomorphic and imports only common/');
      else if (from.top === 'client' && to.top === 'server')
        report('client and server never import each other');
      else if (from.top === 'server' && to.top === 'client')
        report('client and server never import each other');
      else if (from.key && to.key && from.key !== to.key && from.key[0] === to.key[0])
        report('move what they share to components/, lib/ or a shared server folder');
    }
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'coverage/**',
      'server/db/migrations/**',
      // scripts/lint.test.ts's files, left only by a test run killed half-way.
      'server/.lint-cycle-*/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { tribe36: { rules: { 'import-boundaries': importBoundaries, 'no-cycle': noCycle } } },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'tribe36/import-boundaries': 'error',
      // No import cycles, dynamic imports included, type-only imports not (they vanish at run time).
      'tribe36/no-cycle': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // The contracts' zod schemas stay off the way to interactive (docs/decisions.md decision 67): a contract's
  // module builds its schemas as it loads, and the client never validates an answer with them. So the
  // client, and the common/ modules it imports, take a contract's types with `import type` and its values
  // (constants, limits, messages, pure functions) from its zod-free module, `common/contracts/<area>-values.ts`.
  // A schema the client really needs is loaded on first use with a dynamic `import()`, which this allows.
  {
    files: ['client/**/*.{ts,tsx}', 'common/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        zodFree(['@common/contracts/*', './contracts/*']),
      ],
    },
  },
  {
    files: ['common/contracts/*-values.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', zodFree(['./*'])] },
  },
  {
    files: ['client/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
);
