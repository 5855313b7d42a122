/**
 * The one list of tags, classes and events that the framework typings are made from
 * (React 19 and Preact JSX, Vue's GlobalComponents, the React 18 wrappers). The classes come
 * from each element's entry (index.ts), whose declarations bring its HTMLElementEventMap
 * entries: every typing built on this list types the events without the package root.
 */
import type { LitElement } from 'lit';
import type { GeoAutocomplete } from '../elements/geo-autocomplete/index.js';
import type { RegionStats } from '../elements/region-stats/index.js';
import type { ContactRealtor } from '../elements/contact-realtor/index.js';
import type { PropertyText } from '../elements/property-text/index.js';
import type { ProjectPicker } from '../elements/project-picker/index.js';

export interface ImmoElementMap {
  'geo-autocomplete': GeoAutocomplete;
  'region-stats': RegionStats;
  'contact-realtor': ContactRealtor;
  'property-text': PropertyText;
  'project-picker': ProjectPicker;
}

/**
 * Each element's own events (see each element's events.ts), plus the re-fired change and input,
 * and the shared `request-failed` (src/shared/failure.ts).
 */
export interface ImmoEventMap {
  'geo-autocomplete': Pick<
    HTMLElementEventMap,
    'geo-select' | 'geo-remove' | 'change' | 'input' | 'request-failed' | 'validity-change'
  >;
  'region-stats': Pick<HTMLElementEventMap, 'region-select' | 'stats-loaded' | 'request-failed'>;
  'contact-realtor': Pick<
    HTMLElementEventMap,
    'contact-sent' | 'contact-unavailable' | 'request-failed'
  >;
  'property-text': Pick<HTMLElementEventMap, 'text-generated' | 'auth-required' | 'request-failed'>;
  'project-picker': Pick<
    HTMLElementEventMap,
    'project-select' | 'entry-added' | 'auth-required' | 'request-failed'
  >;
}

type IfEquals<X, Y, A, B> =
  (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? A : B;
/** The keys of T that can be assigned (a getter without setter, like `validity`, cannot). */
type WritableKeys<T> = {
  [P in keyof T]-?: IfEquals<{ [Q in P]: T[P] }, { -readonly [Q in P]: T[P] }, P, never>;
}[keyof T];

/**
 * The element's own public properties that a framework may set (those it adds to
 * HTMLElement and LitElement, read-only ones left out: React and Preact would assign them
 * and throw), all optional.
 */
export type ElementProperties<E> = Partial<
  Pick<E, Exclude<WritableKeys<E>, keyof LitElement | 'renderOptions' | `${string}Callback`>>
>;

/**
 * Each element's attributes named unlike their property, with that property: JSX passes
 * these names to the element as attributes, typed like the property they set.
 * (test/node/demo-typings.test.ts keeps this list equal to custom-elements.json.)
 */
export interface ImmoAttributeMap {
  'geo-autocomplete': {
    'base-url': 'baseUrl';
    'limit-per-type': 'limitPerType';
    'min-length': 'minLength';
    'label-name': 'labelName';
    'must-pick': 'mustPick';
  };
  'region-stats': {
    'base-url': 'baseUrl';
    'real-estate-types': 'realEstateTypes';
    'customer-number': 'customerNumber';
    for: 'htmlFor';
    'heading-level': 'headingLevel';
  };
  'contact-realtor': {
    'expected-form': 'expectedForm';
    'expose-id': 'exposeId';
    'base-url': 'baseUrl';
    'prefill-firstname': 'prefillFirstname';
    'prefill-lastname': 'prefillLastname';
    'prefill-email': 'prefillEmail';
    'prefill-phone': 'prefillPhone';
    'prefill-salutation': 'prefillSalutation';
    'prefill-message': 'prefillMessage';
  };
  'property-text': {
    'base-url': 'baseUrl';
    'no-form': 'noForm';
    'no-draft': 'noDraft';
    'draft-key': 'draftKey';
    'heading-level': 'headingLevel';
  };
  'project-picker': {
    'base-url': 'baseUrl';
    'project-id': 'projectId';
    'project-facts': 'projectFacts';
  };
}

/** An attribute's value: a boolean for a boolean property, a number or its text for a number. */
type AttributeValue<T> = [NonNullable<T>] extends [boolean]
  ? boolean
  : [NonNullable<T>] extends [number]
    ? number | `${number}`
    : NonNullable<T>;

/** The attributes of ImmoAttributeMap, typed, all optional. */
export type ElementAttributes<E, A> = { [N in keyof A]?: AttributeValue<E[A[N] & keyof E]> };

/** `on<event-name>` handler props, as React 19 and Preact pass them to custom elements. */
export type EventHandlers<M> = { [K in keyof M as `on${K & string}`]?: (event: M[K]) => void };
