// ESLint: typescript-eslint's recommended rules for every TypeScript file, and the rules of
// the field for Lit and web components in the elements' source. Prettier owns the layout.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import lit from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'lib/',
      'demo-dist/',
      'coverage/',
      'packages/*/lib/',
      'packages/sandbox/data/',
      '.sandbox-data/',
      'custom-elements.json',
      // The example apps' builds and installs (examples/README.md)
      'examples/*/{node_modules,dist,build,_site,.next,.astro,.angular,.svelte-kit}/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // Declaration merging (JSX's IntrinsicElements, Vue's GlobalComponents) needs an interface.
      '@typescript-eslint/no-empty-object-type': [
        'error',
        { allowInterfaces: 'with-single-extends' },
      ],
    },
  },
  {
    // Chai's property assertions (`expect(x).to.exist`) are expressions; tests read answers
    // of any shape to check them field by field.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-expressions': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['src/**/*.ts', 'demo/**/*.ts', 'test/browser/**/*.ts'],
    ...lit.configs['flat/recommended'],
  },
  {
    files: ['src/**/*.ts'],
    ...wc.configs['flat/best-practice'],
  },
);
