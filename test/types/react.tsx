// Type-checked by `npm run typecheck` (part of npm test): the React snippets of docs/embedding.md.
import type {} from '../../src/frameworks/jsx-react.js';
import { useState } from 'react';
import type { GeoSuggestion } from '../../src/api/index.js';
import { GeoAutocompleteReact } from '../../src/frameworks/react/geo-autocomplete.js';
import { RegionStatsReact } from '../../src/frameworks/react.js';

// React 19: the elements themselves, typed.
export function SearchBox() {
  const [place, setPlace] = useState<GeoSuggestion | null>(null);
  return (
    <form>
      <geo-autocomplete
        id="where"
        base-url="/restapi/api"
        types="city,district"
        limit={10}
        ongeo-select={(e) => setPlace(e.suggestion)}
      />
      <region-stats htmlFor="where" drilldown onregion-select={(e) => console.log(e.geocode)} />
      <contact-realtor exposeId="150001001" oncontact-sent={(e) => console.log(e.type)} />
      <property-text ontext-generated={(e) => console.log(e.headline)} />
      <project-picker onentry-added={(e) => console.log(e.realEstateId)} />
      {place ? <p>{place.entity.label}</p> : null}
    </form>
  );
}

// @ts-expect-error: limit is a number property, not an object
export const wrongProp = <geo-autocomplete limit={{}} />;
// @ts-expect-error: the handler gets a GeoSelectEvent, which has no `headline`
export const wrongEvent = <geo-autocomplete ongeo-select={(e) => e.headline} />;

// Attributes named unlike their property are typed like it.
export const attrs = (
  <geo-autocomplete base-url="/restapi/api" must-pick min-length="3" limit-per-type={4} />
);
// @ts-expect-error: must-pick is a boolean attribute
export const wrongAttr = <geo-autocomplete must-pick="yes" />;
// @ts-expect-error: min-length is a number
export const wrongNumber = <geo-autocomplete min-length="three" />;
// @ts-expect-error: selected is read-only (React would assign it and throw)
export const readOnly = <geo-autocomplete selected={null} />;
// @ts-expect-error: updateComplete is Lit's, not a property to set
export const litInternal = <region-stats updateComplete={Promise.resolve(true)} />;

// React 18: the @lit/react wrappers.
export function Wrapped() {
  return (
    <>
      <GeoAutocompleteReact
        baseUrl="/restapi/api"
        types="city"
        onGeoSelect={(e) => console.log(e.suggestion.entity.id)}
      />
      <RegionStatsReact geocode="1276003001" onStatsLoaded={(e) => console.log(e.statistic)} />
    </>
  );
}
