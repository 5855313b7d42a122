/**
 * The React wrapper of `<property-text>`, made with @lit/react: props are set as properties,
 * events are `on…` props, both in an effect, so they hold on a page a server rendered too
 * (React's hydration sets neither on a custom element). For React 18 and earlier, and for
 * React 19 on a server-rendered page; React 19 in the browser alone needs no wrapper (see
 * 'immo-elements/jsx-react'). Importing it registers the tag; an app pays only for the
 * elements whose wrappers it imports. Needs the optional peers `react` and `@lit/react`.
 *
 * ```tsx
 * import { PropertyTextReact } from 'immo-elements/react/property-text';
 * <PropertyTextReact onTextGenerated={(e) => console.log(e.headline)} />
 * ```
 */
import { wrap, type EventName, type Wrapper } from './lit-react.js';
import '../../elements/property-text/define.js';
import {
  PropertyText,
  type TextGeneratedEvent,
  type AuthRequiredEvent,
  type FailureEvent,
} from '../../elements/property-text/index.js';

const events = {
  onTextGenerated: 'text-generated' as EventName<TextGeneratedEvent>,
  onAuthRequired: 'auth-required' as EventName<AuthRequiredEvent>,
  onRequestFailed: 'request-failed' as EventName<FailureEvent>,
};

export const PropertyTextReact: Wrapper<PropertyText, typeof events> = wrap(
  'property-text',
  PropertyText,
  events,
);
