import type { Story } from '../story.js';
import { clearSandboxFaults, sandboxFault } from '../story.js';
import type { GeoAutocomplete } from '../../src/elements/geo-autocomplete/geo-autocomplete.js';

const first = (container: HTMLElement) =>
  container.querySelector('geo-autocomplete') as GeoAutocomplete;

const stories: Story[] = [
  {
    name: 'Default',
    description:
      'Type a German place, borough or postcode. Suggestions are grouped by type with icons, the matching part highlighted; arrows, Home/End, PageUp/PageDown, Enter and Escape work as in the WAI-ARIA combobox pattern.',
    html: '<geo-autocomplete label="Wo suchen Sie?"></geo-autocomplete>',
    setup: () => clearSandboxFaults(),
  },
  {
    name: 'Austria',
    description: 'country="AUT": Austrian states, cities, districts and postcodes.',
    html: '<geo-autocomplete country="AUT" label="Ort in Österreich"></geo-autocomplete>',
  },
  {
    name: 'All types, streets included',
    description: 'types="All" adds postcodes and streets; limit-per-type caps every group.',
    html: '<geo-autocomplete types="All" limit="40" limit-per-type="8" label="Adresse oder Straße"></geo-autocomplete>',
  },
  {
    name: 'Resolve to coordinates',
    description:
      'resolve="WGS84": on selection the entity record is fetched; geo-select carries its address and lat/lon (see the event log).',
    html: '<geo-autocomplete resolve="WGS84" label="Ort mit Koordinaten"></geo-autocomplete>',
  },
  {
    name: 'In a form',
    description:
      'Form-associated: submits the entity id under name and the label under name-label; required and must-pick make the form invalid until a suggestion is chosen; reset goes back to the value attribute.',
    html: '<form>\n  <geo-autocomplete label="Ort" name="ort" required must-pick value="1276003001"></geo-autocomplete>\n  <button type="submit">Suchen</button>\n  <button type="reset">Zurücksetzen</button>\n</form>',
    setup: (container) => {
      container.querySelector('form')!.addEventListener('submit', (e) => {
        e.preventDefault();
        const out = document.createElement('output');
        out.textContent = JSON.stringify(
          Object.fromEntries(new FormData(e.target as HTMLFormElement)),
        );
        container.append(out);
      });
    },
  },
  {
    name: 'Several places (multiple)',
    description:
      'multiple: each pick becomes a chip before the text and the list stays open, marking chosen places (choosing one again removes it); ← at the start of the text or Backspace reach the chips, Delete removes one. max caps the places; the form submits every id under name, as a <select multiple> does, and every label under orte-label. Three quarters are set by the page (selections, labels known: nothing moves when they show).',
    html:
      '<form>\n  <geo-autocomplete multiple max="6" label="Stadtteile in Berlin" name="orte"></geo-autocomplete>\n' +
      '  <button type="submit">Suchen</button>\n  <button type="reset">Zurücksetzen</button>\n</form>',
    setup: (container) => {
      const quarter = (id: string, label: string) => ({
        entity: { id, label, type: 'quarterOrTown' },
        matches: [],
      });
      first(container).selections = [
        quarter('1276003001047', 'Berlin - Kreuzberg'),
        quarter('1276003001063', 'Berlin - Neukölln'),
        quarter('1276003001023', 'Berlin - Friedrichshain'),
      ];
      container.querySelector('form')!.addEventListener('submit', (e) => {
        e.preventDefault();
        const out = document.createElement('output');
        // What a GET form would send: one orte= per place.
        out.textContent = `?${new URLSearchParams(new FormData(e.target as HTMLFormElement) as unknown as string[][])}`;
        container.append(out);
      });
    },
  },
  {
    name: 'Recent selections',
    description:
      'recent: the last five choices are kept in localStorage and offered on focus while the input is empty.',
    html: '<geo-autocomplete recent label="Ort (mit Verlauf)"></geo-autocomplete>',
  },
  {
    name: 'Deprecated v1 region search',
    description:
      'api="v1": the old /search/v1.0/region resource through the client’s adapter, for partners still on it.',
    html: '<geo-autocomplete api="v1" label="Region (v1)"></geo-autocomplete>',
  },
  {
    name: 'English',
    description: 'lang="en": every text and announcement in English.',
    html: '<geo-autocomplete lang="en" label="Where?"></geo-autocomplete>',
  },
  {
    name: 'Custom option renderer',
    description:
      'The renderOption property draws partner rows (here with the entity type); text stays text.',
    html: '<geo-autocomplete label="Eigene Zeilen"></geo-autocomplete>',
    setup: async (container) => {
      const { html } = await import('lit');
      first(container).renderOption = (s) =>
        html`<strong>${s.entity.label}</strong> <small>(${s.entity.type}, ${s.entity.id})</small>`;
    },
  },
  {
    name: 'Service failing',
    description:
      'The sandbox answers 500: the error state with a retry button; the typed text stays.',
    html: '<geo-autocomplete label="Ort (Dienst gestört)"></geo-autocomplete>',
    setup: () => sandboxFault({ route: 'geo-suggest', status: 500 }),
  },
  {
    name: 'Rate limited',
    description:
      'The sandbox answers 503 twice: the element backs off and then sends the text typed by then.',
    html: '<geo-autocomplete label="Ort (Dienst ausgelastet)"></geo-autocomplete>',
    setup: () => sandboxFault({ route: 'geo-suggest', status: 503, times: 2 }),
  },
  {
    name: 'Inside a dialog and a clipping container',
    description:
      'The list is in the top layer (Popover API, positioned with Floating UI): never clipped by overflow, transforms or dialogs.',
    html:
      '<div style="height:90px;overflow:hidden;transform:translateZ(0);border:1px dashed #888;padding:4px"><geo-autocomplete label="Im Container"></geo-autocomplete></div>\n' +
      '<button type="button" class="open-dialog">Dialog öffnen</button>\n' +
      '<dialog aria-labelledby="geo-dialog-title">\n  <h2 id="geo-dialog-title">Ort wählen</h2>\n  <geo-autocomplete label="Im Dialog"></geo-autocomplete>\n' +
      '  <form method="dialog"><button>Schließen</button></form>\n</dialog>',
    setup: (container) => {
      const dialog = container.querySelector('dialog')!;
      container.querySelector('.open-dialog')!.addEventListener('click', () => dialog.showModal());
    },
  },
];

export default stories;
