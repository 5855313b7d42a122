/**
 * What a screen-reader user hears in geo-autocomplete, end to end against the sandbox: the
 * field with its hint, the count, each option with its type and its place in the whole list,
 * and the pick with its type (helpers/transcript.ts).
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/elements/geo-autocomplete/define.js';
import type { GeoAutocomplete } from '../../src/elements/geo-autocomplete/geo-autocomplete.js';
import { describe, input, it, liveText, settle } from './geo-autocomplete.helpers.js';
import { listen, press, type } from './helpers/index.js';

describe('geo-autocomplete: what a screen reader says', () => {
  it('types, moves through two places of one name and picks one: each told by its type and its place in the list', async () => {
    const el = await fixture<GeoAutocomplete>(
      html`<geo-autocomplete label="Ort" hint="Stadt, Stadtteil oder PLZ eingeben." debounce="0"></geo-autocomplete>`,
    );
    const t = listen(el);
    input(el).focus();
    expect((await t.lines())[0]).to.equal(
      'Ort, Kombinationsfeld, reduziert, Stadt, Stadtteil oder PLZ eingeben.',
    );
    await type('Berlin');
    await waitUntil(() => liveText(el) === '20 Vorschläge', 'count announced', { timeout: 15000 });
    await settle(el);
    const from = t.mark();
    await press('ArrowDown');
    await settle(el);
    await press('ArrowDown');
    await settle(el);
    const moved = (await t.lines()).slice(from);
    expect(moved).to.deep.equal(['Berlin, Stadt, 1 von 20', 'Berlin, Bundesland, 2 von 20']);
    await press('ArrowUp');
    expect((await t.lines()).at(-1)).to.equal('Berlin, Stadt, 1 von 20');
    await press('Enter');
    await waitUntil(() => liveText(el) === 'Ausgewählt: Berlin, Stadt', 'pick announced');
    const all = await t.lines();
    expect(all).to.include('20 Vorschläge');
    expect(all.at(-1)).to.equal('Ausgewählt: Berlin, Stadt');
    t.stop();
  });
});
