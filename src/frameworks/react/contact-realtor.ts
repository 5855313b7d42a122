/**
 * The React 18 (and earlier) wrapper of `<contact-realtor>`, made with @lit/react: props are set as
 * properties, events are `on…` props. Importing it registers the tag; an app pays only for
 * the elements whose wrappers it imports. Needs the optional peers `react` and `@lit/react`
 * (React 19 needs neither: see 'immo-elements/jsx-react').
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
