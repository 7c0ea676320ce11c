import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Layering (architecture rule 1) is enforced here: only electron/main and electron/preload may import
// `electron`; the renderer and shared/ never import node:*; the core never imports electron.
const noElectron = {
  paths: [{ name: 'electron', message: 'Only electron/main and electron/preload may import electron.' }],
};
const noNode = {
  paths: [{ name: 'electron', message: 'The renderer and shared/ never import electron.' }],
  patterns: [{ group: ['node:*'], message: 'The renderer and shared/ never import Node modules.' }],
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
  { files: ['electron/core/**/*.ts', 'electron/demo-agent/**/*.ts'], rules: { 'no-restricted-imports': ['error', noElectron] } },
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
