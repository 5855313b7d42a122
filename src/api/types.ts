/**
 * SPEC.md 2 as TypeScript: every enumeration as a `const` array plus its union type, the
 * request shapes the client sends and the models it returns. No runtime dependencies.
 *
 * One module per part of the interface (types/), so that a script-tag bundle holds the
 * constants of the operations its element calls and nothing else: a module two element
 * bundles share moves to the shared runtime chunk whole (scripts/build-dist.ts).
 */
export * from './types/common.js';
export * from './types/statistic.js';
export * from './types/contact.js';
export * from './types/property-text.js';
export * from './types/geo.js';
export * from './types/projects.js';
