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
import * as React from 'react';
import { createComponent, type EventName } from '@lit/react';
import '../../elements/contact-realtor/define.js';
import {
  ContactRealtor,
  type ContactSentEvent,
  type ContactUnavailableEvent,
  type FailureEvent,
} from '../../elements/contact-realtor/index.js';

export const ContactRealtorReact = createComponent({
  react: React,
  tagName: 'contact-realtor',
  elementClass: ContactRealtor,
  events: {
    onContactSent: 'contact-sent' as EventName<ContactSentEvent>,
    onContactUnavailable: 'contact-unavailable' as EventName<ContactUnavailableEvent>,
    onRequestFailed: 'request-failed' as EventName<FailureEvent>,
  },
});
