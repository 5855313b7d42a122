// `npm run analyze`: custom-elements.json from the elements' JSDoc. package.json already
// names the manifest, so the analyzer must not rewrite it (packagejson: false).
export default {
  globs: ['src/elements/**/*.ts'],
  exclude: ['src/elements/**/*.test.ts', 'src/elements/**/*.styles.ts', 'src/elements/**/strings.ts'],
  outdir: '.',
  litelement: true,
  packagejson: false,
};
