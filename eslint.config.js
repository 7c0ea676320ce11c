import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import layers from './scripts/eslint-layers.js';

// Layering (architecture rule 1) is enforced here: only electron/main and electron/preload may import
// `electron`; the renderer and shared/ never import node:*; the core, the harness and the demo agent never
// import electron; relative imports cross runtime folders only downward (scripts/eslint-layers.js).
const noElectron = {
  paths: [{ name: 'electron', message: 'Only electron/main and electron/preload may import electron.' }],
};
const noNode = {
  paths: [{ name: 'electron', message: 'The renderer and shared/ never import electron.' }],
  patterns: [{ group: ['node:*'], message: 'The renderer and shared/ never import Node modules.' }],
};

// Which runtime folders each one may import from by relative path (architecture rule 1): shared/ nothing of
// ours; the core shared/; each host (electron/main, the harness) the core and shared/; the preload, the renderer
// and the demo agent (a separate process that speaks ACP only) shared/ alone.
const importDirections = {
  folders: {
    shared: [],
    'electron/core': ['shared'],
    'electron/main': ['electron/core', 'shared'],
    'electron/harness': ['electron/core', 'shared'],
    'electron/preload': ['shared'],
    'electron/demo-agent': ['shared'],
    renderer: ['shared'],
  },
};

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'electron/core/config/generated/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  { files: ['electron/core/**/*.ts', 'electron/demo-agent/**/*.ts', 'electron/harness/**/*.ts'], rules: { 'no-restricted-imports': ['error', noElectron] } },
  {
    files: ['electron/**/*.ts', 'shared/**/*.ts', 'renderer/**/*.{ts,tsx}'],
    plugins: { layers },
    rules: { 'layers/import-direction': ['error', importDirections] },
  },
  { files: ['shared/**/*.ts'], rules: { 'no-restricted-imports': ['error', noNode] } },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'no-restricted-imports': ['error', noNode] },
  },
  {
    files: ['test/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', { selector: "MemberExpression[property.name='only']", message: 'A focused test hides the rest of the suite.' }] },
  },
);
