import type { RealEstateProject } from '../../api/types.js';

/** The visitor chose a building project in the project list. */
export class ProjectSelectEvent extends Event {
  static readonly eventName = 'project-select';
  constructor(
    /** Id of the chosen project. */
    readonly projectId: string,
    /** The project as the service described it. */
    readonly project: RealEstateProject,
  ) {
    super(ProjectSelectEvent.eventName, { bubbles: true, composed: true });
  }
}

/** The service created a project entry (`MESSAGE_RESOURCE_CREATED`) for one listing. */
export class EntryAddedEvent extends Event {
  static readonly eventName = 'entry-added';
  constructor(
    /** Id of the project the listing was added to. */
    readonly projectId: string,
    /** Id of the added real estate. */
    readonly realEstateId: string,
    /** The service's message text for this entry. */
    readonly message: string,
  ) {
    super(EntryAddedEvent.eventName, { bubbles: true, composed: true });
  }
}

/** The 401 event, shared with property-text; project-picker's operations are 'projects', 'entries', 'realestates' and 'add'. */
export { AuthRequiredEvent } from '../../shared/events.js';

declare global {
  interface HTMLElementEventMap {
    'project-select': ProjectSelectEvent;
    'entry-added': EntryAddedEvent;
  }
  // Bubbling and composed: listeners on the document and the window get these events too.
  interface DocumentEventMap {
    'project-select': ProjectSelectEvent;
    'entry-added': EntryAddedEvent;
  }
  interface WindowEventMap {
    'project-select': ProjectSelectEvent;
    'entry-added': EntryAddedEvent;
  }
}

/** The failure event every element fires (src/shared/failure.ts): the technical detail of what the visitor reads as a sentence. */
export { FailureEvent, type FailureDetail, type FailureKind } from '../../shared/failure.js';
