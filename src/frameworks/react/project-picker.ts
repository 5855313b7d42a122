/**
 * The React wrapper of `<project-picker>`, made with @lit/react: props are set as properties,
 * events are `on…` props, both in an effect, so they hold on a page a server rendered too
 * (React's hydration sets neither on a custom element). For React 18 and earlier, and for
 * React 19 on a server-rendered page; React 19 in the browser alone needs no wrapper (see
 * 'immo-elements/jsx-react'). Importing it registers the tag; an app pays only for the
 * elements whose wrappers it imports. Needs the optional peers `react` and `@lit/react`.
 *
 * ```tsx
 * import { ProjectPickerReact } from 'immo-elements/react/project-picker';
 * <ProjectPickerReact onEntryAdded={(e) => console.log(e.realEstateId)} />
 * ```
 */
import { wrap, type EventName, type Wrapper } from './lit-react.js';
import '../../elements/project-picker/define.js';
import {
  ProjectPicker,
  type ProjectSelectEvent,
  type EntryAddedEvent,
  type AuthRequiredEvent,
  type FailureEvent,
} from '../../elements/project-picker/index.js';

const events = {
  onProjectSelect: 'project-select' as EventName<ProjectSelectEvent>,
  onEntryAdded: 'entry-added' as EventName<EntryAddedEvent>,
  onAuthRequired: 'auth-required' as EventName<AuthRequiredEvent>,
  onRequestFailed: 'request-failed' as EventName<FailureEvent>,
};

export const ProjectPickerReact: Wrapper<ProjectPicker, typeof events> = wrap(
  'project-picker',
  ProjectPicker,
  events,
);
