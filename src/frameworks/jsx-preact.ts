/**
 * JSX typings for Preact: `import type {} from 'immo-elements/jsx-preact'` once in an app.
 * Preact sets known properties on custom elements and attaches `on<event-name>` listeners.
 */
import type {} from 'preact';
import type { ImmoJsxElements } from './jsx.js';

declare module 'preact' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements extends ImmoJsxElements {}
  }
}
