// Modules that two files of dist/ hold and that stay out of the runtime: each file that uses one
// holds its own copy. Every page loads the runtime, and each of these serves only pages that have
// one of its two files; a page with both has it twice. Each is stateless, so two copies behave as
// one. The list is chosen by measuring the pages of `npm run bench sizes` with and without each
// copy (docs/architecture.md, "Copied modules", has the figures).

/** Repo-relative paths, as the build resolves them (a package's by its published file). */
export const COPIED: readonly string[] = [
  // the two forms' field, draft and checkbox state: contact-realtor and property-text
  'src/shared/field.ts',
  'src/shared/draft.ts',
  'src/shared/checked.ts',
  // the sign-in wait: project-picker and property-text
  'src/shared/auth.ts',
  // Lit's keyed lists: geo-autocomplete's list and its chips (`multiple`)
  'node_modules/lit-html/directives/repeat.js',
  'node_modules/lit-html/directive-helpers.js',
  // the place types: geo-autocomplete's list and its entity lookup
  'src/api/types/geo.ts',
];

/**
 * The entry of {@link COPIED} a module is, or undefined: `path` relative to the repository, or
 * (from a source map) a package's source, `node_modules/lit-html/src/directives/repeat.ts`.
 */
export function copiedEntry(path: string): string | undefined {
  const published = path.replace(/(node_modules\/[^/]+)\/src\/(.*)\.ts$/, '$1/$2.js');
  return COPIED.find((c) => [path, published].some((p) => p === c || p.endsWith(`/${c}`)));
}

export const isCopied = (path: string): boolean => copiedEntry(path) !== undefined;
