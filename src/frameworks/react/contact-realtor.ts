/**
 * The React wrapper of `<contact-realtor>`, made with @lit/react: props are set as properties,
 * events are `on…` props, both in an effect, so they hold on a page a server rendered too
 * (React's hydration sets neither on a custom element). For React 18 and earlier, and for
 * React 19 on a server-rendered page; React 19 in the browser alone needs no wrapper (see
 * 'immo-elements/jsx-react'). Importing it registers the tag; an app pays only for the
 * elements whose wrappers it imports. Needs the optional peers `react` and `@lit/react`.
 *
 * ```tsx
 * import { ContactRealtorReact } from 'immo-elements/react/contact-realtor';
 * <ContactRealtorReact exposeId={id} onContactSent={(e) => console.log(e.exposeId)} />
 * ```
 */
import { wrap, type EventName, type Wrapper } from './lit-react.js';
import '../../elements/contact-realtor/define.js';
import {
  ContactRealtor,
  type ContactSentEvent,
  type ContactUnavailableEvent,
  type FailureEvent,
} from '../../elements/contact-realtor/index.js';

const events = {
  onContactSent: 'contact-sent' as EventName<ContactSentEvent>,
  onContactUnavailable: 'contact-unavailable' as EventName<ContactUnavailableEvent>,
  onRequestFailed: 'request-failed' as EventName<FailureEvent>,
};

export const ContactRealtorReact: Wrapper<ContactRealtor, typeof events> = wrap(
  'contact-realtor',
  ContactRealtor,
  events,
);
