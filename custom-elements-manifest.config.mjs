// `npm run analyze`: custom-elements.json from the elements' JSDoc. package.json already
// names the manifest, so the analyzer must not rewrite it (packagejson: false).

/**
 * Every event an element fires is documented with `@fires` in its class JSDoc. The analyzer
 * also infers events from `dispatchEvent(new SomeEvent(arg, …))` calls and takes the first
 * argument's source text for the event name (`op`, `pid`), which the event classes do not
 * use as the name: those inferred entries without a description are dropped.
 */
function documentedEventsOnly() {
  return {
    name: 'immo-documented-events-only',
    packageLinkPhase({ customElementsManifest }) {
      for (const mod of customElementsManifest.modules ?? []) {
        for (const d of mod.declarations ?? []) {
          if (d.customElement && d.events)
            d.events = d.events.filter((e) => e.name && e.description);
        }
      }
    },
  };
}

export default {
  // form-control.ts: the base of the form-associated elements, so their inherited members (form, validity …) are listed.
  globs: ['src/elements/**/*.ts', 'src/shared/form-control.ts'],
  exclude: [
    'src/elements/**/*.test.ts',
    'src/elements/**/*.styles.ts',
    'src/elements/**/strings.ts',
    'src/elements/**/strings.en.ts',
  ],
  outdir: '.',
  litelement: true,
  packagejson: false,
  plugins: [documentedEventsOnly()],
};
