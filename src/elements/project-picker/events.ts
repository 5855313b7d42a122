import type { ApiError } from '../../api/errors.js';
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

/**
 * The service answered 401: the token is missing, invalid or expired. Give the element a
 * new `token` or `client` (or call `reload()` once the client's auth hook has fresh
 * credentials) and it re-runs the operation that failed.
 */
export class AuthRequiredEvent extends Event {
  static readonly eventName = 'auth-required';
  constructor(
    /** The operation that failed: 'projects', 'entries', 'realestates' or 'add'. */
    readonly operation: 'projects' | 'entries' | 'realestates' | 'add',
    /** The error the client threw. */
    readonly error: ApiError,
  ) {
    super(AuthRequiredEvent.eventName, { bubbles: true, composed: true });
  }
}

declare global {
  interface HTMLElementEventMap {
    'project-select': ProjectSelectEvent;
    'entry-added': EntryAddedEvent;
    'auth-required': AuthRequiredEvent;
  }
}
