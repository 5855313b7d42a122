/**
 * The React 18 (and earlier) wrapper of `<property-text>`, made with @lit/react: props are set as
 * properties, events are `on…` props. Importing it registers the tag; an app pays only for
 * the elements whose wrappers it imports. Needs the optional peers `react` and `@lit/react`
 * (React 19 needs neither: see 'immo-elements/jsx-react').
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
