/**
 * What a screen-reader user hears in property-text: a heading and a named form to jump to
 * before any result, the groups of the form, and the address search with its hint
 * (helpers/transcript.ts).
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import sinon from 'sinon';
import '../../src/elements/property-text/define.js';
import type { PropertyText } from '../../src/elements/property-text/property-text.js';
import { describe, it, listen, press, read } from './helpers/index.js';

const HINT =
  'Ort, Postleitzahl oder Straße eingeben und aus der Liste wählen; Straße, PLZ, Ort und Koordinaten werden übernommen.';

describe('property-text: what a screen reader says', () => {
  it('finds the form by its heading and as a landmark, its groups, and the address search with its hint', async () => {
    const el = await fixture<PropertyText>(
      html`<property-text no-draft heading-level="3"></property-text>`,
    );
    const geo = () => el.shadowRoot!.querySelector('geo-autocomplete');
    await waitUntil(() => geo()?.shadowRoot?.querySelector('input'), 'the address search');
    await el.updateComplete;
    const lines = await read(el);
    expect(lines[0]).to.equal('Exposétext erzeugen, Überschrift, Ebene 3');
    expect(lines[1]).to.equal('Exposétext erzeugen, Formular');
    expect(lines).to.include('Objekt, Gruppe');
    expect(lines).to.include('Lage, Gruppe');
    expect(lines).to.include(`Adresse suchen, Kombinationsfeld, reduziert, ${HINT}`);
    // the hint is the field's description, not a second text beside it
    expect(lines.filter((l) => l === HINT)).to.have.length(1);

    const t = listen(el);
    geo()!.shadowRoot!.querySelector('input')!.focus();
    const said = await t.lines();
    expect(said).to.deep.equal([
      'Exposétext erzeugen, Formular',
      'Lage, Gruppe',
      `Adresse suchen, Kombinationsfeld, reduziert, ${HINT}`,
    ]);

    // generating without the two types: the focus on the summary, which says the count
    const from = t.mark();
    el.shadowRoot!.querySelector<HTMLElement>('[part~=submit]')!.focus();
    // Timers faked and run past a second: a message said soon after (Announcer.soon) is said.
    const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await press('Enter');
      await el.updateComplete;
      await clock.tickAsync(1000);
    } finally {
      clock.restore();
    }
    await waitUntil(() => el.shadowRoot!.activeElement?.classList.contains('summary'), 'summary');
    expect((await t.lines()).slice(from)).to.deep.equal([
      'Text erzeugen, Schalter',
      'Bitte korrigieren Sie 2 Eingaben., Gruppe',
    ]);
    t.stop();
  });
});
