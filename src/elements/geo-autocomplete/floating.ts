/**
 * The part of Floating UI geo-autocomplete uses, as one module that position.ts imports
 * dynamically: the popup's first opening loads it (focus preloads it), so a page that never
 * opens the list never loads it. scripts/build-dist.ts keeps it apart as
 * dist/chunks/floating-ui.js; an app's bundler splits it off at the same import.
 */
export { autoUpdate, computePosition, flip, hide, offset, platform, shift, size } from '@floating-ui/dom';
