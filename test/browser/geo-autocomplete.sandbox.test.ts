/** End to end against the sandbox mounted at /restapi/api (the element's default base-url). */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../src/elements/geo-autocomplete/define.js';
import type { GeoAutocomplete } from '../../src/elements/geo-autocomplete/geo-autocomplete.js';
import type { GeoSelectEvent } from '../../src/elements/geo-autocomplete/events.js';
import {
  afterEach,
  arrowTo,
  describe,
  input,
  it,
  labels,
  optionEls,
  shadow,
  statusText,
  typeIn,
  waitForSettled,
} from './geo-autocomplete.helpers.js';
import { API, clearSandboxFaults, press, type } from './helpers/index.js';

const fault = (f: object) =>
  fetch(`${API}/sandbox/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(f),
  });

afterEach(async () => {
  await clearSandboxFaults();
});

describe('geo-autocomplete against the sandbox', () => {
  it('suggests real places with highlights and resolves the chosen one to WGS84 coordinates', async () => {
    const el = await fixture<GeoAutocomplete>(
      html`<geo-autocomplete resolve="WGS84" debounce="0"></geo-autocomplete>`,
    );
    await typeIn(el, 'Berlin Mi');
    await waitForSettled(el, 'Berlin - Mitte', 15000);
    const i = labels(el).indexOf('Berlin - Mitte');
    expect([...optionEls(el)[i].querySelectorAll('mark')].map((m) => m.textContent)).to.deep.equal([
      'Berlin',
      'Mi',
    ]);
    await expect(el).to.be.accessible();
    await arrowTo(el, 'Berlin - Mitte');
    const ev = oneEvent(el, 'geo-select') as Promise<GeoSelectEvent>;
    await press('Enter');
    const e = await ev;
    expect(e.suggestion.entity.label).to.equal('Berlin - Mitte');
    expect(el.value).to.equal(e.suggestion.entity.id);
    const geo = e.entity?.geoData as { lat: number; lon: number };
    expect(geo.lat).to.be.within(52.4, 52.6);
    expect(geo.lon).to.be.within(13.3, 13.5);
  });

  it('searches Austria', async () => {
    const el = await fixture<GeoAutocomplete>(
      html`<geo-autocomplete country="AUT" debounce="0"></geo-autocomplete>`,
    );
    await typeIn(el, 'Salzb');
    await waitUntil(() => labels(el).some((l) => l.startsWith('Salzburg')), 'Salzburg', {
      timeout: 5000,
    });
  });

  it('shows the service error with a retry that works once the fault is gone', async () => {
    await fault({ route: 'geo-suggest', status: 500 });
    const el = await fixture<GeoAutocomplete>(
      html`<geo-autocomplete debounce="0" lang="en"></geo-autocomplete>`,
    );
    await typeIn(el, 'Hamb');
    await waitUntil(
      () =>
        statusText(el).startsWith('Something went wrong at the service.') &&
        !/500|HTTP|ERROR_/.test(statusText(el)),
      'error',
      { timeout: 5000 },
    );
    await expect(el).to.be.accessible();
    await clearSandboxFaults();
    shadow(el).querySelector<HTMLButtonElement>('[part~=retry]')!.click();
    await waitUntil(() => labels(el).some((l) => l.startsWith('Hamburg')), 'list after retry', {
      timeout: 5000,
    });
    expect(input(el).value).to.equal('Hamb');
  });

  it('backs off on 503 from the sandbox and still sends the final text', async () => {
    await fault({ route: 'geo-suggest', status: 503, times: 1 });
    const el = await fixture<GeoAutocomplete>(
      html`<geo-autocomplete debounce="0" min-length="3"></geo-autocomplete>`,
    );
    await typeIn(el, 'Mün');
    await waitUntil(
      () => statusText(el).startsWith('Der Dienst ist gerade überlastet.'),
      'back-off shown',
      { timeout: 5000 },
    );
    await type('chen');
    await waitUntil(() => labels(el).includes('München'), 'final text answered', { timeout: 5000 });
  });

  it('uses the deprecated v1 region search', async () => {
    const el = await fixture<GeoAutocomplete>(
      html`<geo-autocomplete api="v1" debounce="0"></geo-autocomplete>`,
    );
    await typeIn(el, 'Berl');
    await waitUntil(() => labels(el).includes('Berlin'), 'v1 answer', { timeout: 5000 });
    expect(shadow(el).querySelector('[part~=group-label]')!.textContent!.trim()).to.equal(
      'Regionen',
    );
  });

  it('shows the label of a value given as attribute', async () => {
    const el = await fixture<GeoAutocomplete>(
      html`<geo-autocomplete value="1276003001"></geo-autocomplete>`,
    );
    await waitUntil(() => input(el).value === 'Berlin', 'label from the entity resource', {
      timeout: 5000,
    });
  });
});
