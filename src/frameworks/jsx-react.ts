/**
 * JSX typings for React 19: `import type {} from 'immo-elements/jsx-react'` once in an app,
 * then `<geo-autocomplete base-url="/restapi/api" types="city" ongeo-select={(e) => e.suggestion} />`
 * is type-checked. React 19 sets known properties on custom elements and attaches
 * `on<event-name>` listeners when it renders them in the browser; its hydration of a
 * server-rendered page does not set the properties, so there (Next.js), and for React 18, use
 * the wrappers of 'immo-elements/react/<tag>'.
 */
import type {} from 'react';
import type { ImmoJsxElements } from './jsx.js';

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements extends ImmoJsxElements {}
  }
}
