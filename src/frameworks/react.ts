/**
 * React wrappers made with @lit/react, for React 18 and earlier (React 19 handles custom
 * elements itself: see 'immo-elements/jsx'). Importing this module registers the tags.
 *
 * ```tsx
 * import { GeoAutocompleteReact } from 'immo-elements/react';
 * <GeoAutocompleteReact baseUrl="/restapi/api" types="city" onGeoSelect={(e) => setPlace(e.suggestion)} />
 * ```
 */
import * as React from 'react';
import { createComponent, type EventName } from '@lit/react';
import '../define.js';
import { GeoAutocomplete } from '../elements/geo-autocomplete/geo-autocomplete.js';
import { RegionStats } from '../elements/region-stats/region-stats.js';
import { ContactRealtor } from '../elements/contact-realtor/contact-realtor.js';
import { PropertyText } from '../elements/property-text/property-text.js';
import { ProjectPicker } from '../elements/project-picker/project-picker.js';

const ev = <K extends keyof HTMLElementEventMap>(name: K) => name as EventName<HTMLElementEventMap[K]>;

export const GeoAutocompleteReact = createComponent({
  react: React,
  tagName: 'geo-autocomplete',
  elementClass: GeoAutocomplete,
  events: { onGeoSelect: ev('geo-select'), onChange: ev('change'), onInput: ev('input'), onValidityChange: ev('validity-change') },
});

export const RegionStatsReact = createComponent({
  react: React,
  tagName: 'region-stats',
  elementClass: RegionStats,
  events: { onRegionSelect: ev('region-select'), onStatsLoaded: ev('stats-loaded') },
});

export const ContactRealtorReact = createComponent({
  react: React,
  tagName: 'contact-realtor',
  elementClass: ContactRealtor,
  events: { onContactSent: ev('contact-sent'), onContactUnavailable: ev('contact-unavailable') },
});

export const PropertyTextReact = createComponent({
  react: React,
  tagName: 'property-text',
  elementClass: PropertyText,
  events: { onTextGenerated: ev('text-generated'), onAuthRequired: ev('auth-required') },
});

export const ProjectPickerReact = createComponent({
  react: React,
  tagName: 'project-picker',
  elementClass: ProjectPicker,
  events: { onProjectSelect: ev('project-select'), onEntryAdded: ev('entry-added'), onAuthRequired: ev('auth-required') },
});
