/**
 * Shared helpers of the browser tests, the same in Chromium, Firefox and WebKit:
 * mocha's typed globals, the engine, keys and typing, colour schemes, accessibility-tree
 * checks, request recorders and the sandbox's set-up routes.
 */
export * from './a11y.js';
export * from './engine.js';
export * from './keys.js';
export * from './mocha.js';
export * from './recorders.js';
export * from './sandbox.js';
export * from './scheme.js';
export * from './viewport.js';
export * from './speech.js';
export * from './transcript.js';
