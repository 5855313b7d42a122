/**
 * Public entry point of the client (`immo-elements/client`): no DOM, no side effects.
 * XML support is loaded on demand, so importing this module never pulls in the XML parser.
 */
export {
  ImmoClient,
  ClientBase,
  ClientCore,
  legacyRegionsToSuggestions,
  parseRetryAfter,
} from './client.js';
export * from './ops.js';
export type {
  ClientBaseOptions,
  ImmoClientOptions,
  CallOptions,
  AuthHook,
  AuthRequest,
} from './client.js';
export { ApiError } from './errors.js';
export type { ApiErrorKind, ApiErrorInit, ApiMessage } from './errors.js';
export { legacyMatches } from './legacy.js';
export { LruCache } from './cache.js';
export { isGermanDate, charLength } from './validate.js';
export * from './types.js';
