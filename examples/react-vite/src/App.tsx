import { useEffect, useState } from 'react';
import type {} from 'immo-elements/jsx-react';
import 'immo-elements/define';

interface Place {
  id: string;
  label: string;
}

export function App() {
  const [place, setPlace] = useState<Place | null>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  return (
    <main>
      <h1>Wohnungssuche</h1>
      <form id="search" action="/suche" method="get">
        <geo-autocomplete
          id="where"
          name="ort"
          label="Wo suchen Sie?"
          types="city,district,quarterOrTown"
          resolve="GeoId"
          required
          ongeo-select={(e) =>
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
      <region-stats htmlFor="where" drilldown />
      <contact-realtor expose-id="150001001" />
      <span id="app-ready" data-ready={String(ready)} hidden />
    </main>
  );
}
