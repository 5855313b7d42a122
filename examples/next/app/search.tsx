'use client';
// The elements through the package's React wrappers (@lit/react): they set properties and
// add listeners in an effect, which runs after hydration too. React's own hydration of a
// custom element sets neither, so what is written on the bare tags would be lost.
import { useState } from 'react';
import { GeoAutocompleteReact } from 'immo-elements/react/geo-autocomplete';
import { RegionStatsReact } from 'immo-elements/react/region-stats';
import { ContactRealtorReact } from 'immo-elements/react/contact-realtor';

interface Place {
  id: string;
  label: string;
}

export function Search() {
  const [place, setPlace] = useState<Place | null>(null);

  return (
    <>
      <form id="search" action="/suche" method="get">
        <GeoAutocompleteReact
          id="where"
          name="ort"
          label="Wo suchen Sie?"
          types="city,district,quarterOrTown"
          resolve="GeoId"
          required
          onGeoSelect={(e) =>
            setPlace({ id: e.suggestion.entity.id, label: e.suggestion.entity.label })
          }
        />
        <button type="submit">Suchen</button>
      </form>
      <p>
        Gewählt:{' '}
        <output id="picked" data-id={place?.id ?? ''}>
          {place?.label ?? '–'}
        </output>
      </p>
      <RegionStatsReact htmlFor="where" drilldown />
      <ContactRealtorReact exposeId="150001001" />
    </>
  );
}
