/**
 * The interface's fields as TypeScript (docs/interface.md): every enumeration as a `const`
 * array plus its union type, the request shapes the client sends and the models it returns,
 * one module per part of the interface (types/). No runtime dependencies.
 */
export * from './types/common.js';
export * from './types/statistic.js';
export * from './types/contact.js';
export * from './types/property-text.js';
export * from './types/geo.js';
export * from './types/projects.js';
