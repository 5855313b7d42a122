/**
 * What a screen-reader user hears in region-stats, end to end against the sandbox: the
 * region's name as a heading, the chart's group with the keys described once and only where
 * a bar can be chosen, the table named once by its caption, a drill-down and the way back
 * (helpers/transcript.ts).
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/elements/region-stats/define.js';
import type { RegionStats } from '../../src/elements/region-stats/region-stats.js';
import { $, $$, loaded, nextStats, shadow } from './region-stats.helpers.js';
import { describe, it, listen, press, read } from './helpers/index.js';

const KEYS = 'Pfeiltasten wechseln die Unterregion, Eingabetaste wählt sie aus.';
const count = (lines: string[], f: (l: string) => boolean) => lines.filter(f).length;

describe('region-stats: what a screen reader says', () => {
  it('reads the chart of a state, drills into its city (whose quarters cannot be chosen) and goes back', async () => {
    const settled = nextStats();
    const el = await fixture<RegionStats>(
      html`<region-stats drilldown geocode="1276003" heading-level="3"></region-stats>`,
    );
    await settled;
    await el.updateComplete;
    const state = await read(el);
    expect(state[0]).to.equal('Berlin, Überschrift, Ebene 3');
    // the chart: its name, and the keys said once, as its description
    expect(state).to.include(`Balkendiagramm: Inserate je Unterregion von Berlin, Gruppe, ${KEYS}`);
    expect(count(state, (l) => l.includes('Pfeiltasten'))).to.equal(1);
    // the table: named once, by its caption
    expect(state).to.include('Inserate je Unterregion von Berlin, Tabelle');
    expect(count(state, (l) => l === 'Inserate je Unterregion von Berlin')).to.equal(0);
    // its rows have the chart's grouping: the total, seven types and the rest together
    expect($$(el, 'tbody tr')[0]!.querySelectorAll('td')).to.have.length(9);
    expect(state).to.include('Weitere Arten');

    const t = listen(el);
    $(el, '.bar-group[tabindex="0"]')!.focus();
    const entered = await t.lines();
    expect(entered[0]).to.equal(
      `Balkendiagramm: Inserate je Unterregion von Berlin, Gruppe, ${KEYS}`,
    );
    expect(entered[1]).to.match(/^Berlin: [\d.]+; Mietwohnungen [\d.]+, .*, Schalter$/);

    // a drill-down: the focus on the new region's heading, the load announced
    let from = t.mark();
    const drilled = loaded(el);
    await press('Enter');
    await drilled;
    await waitUntil(() => shadow(el).activeElement === $(el, '[part~="heading"]'), 'focus moved');
    let said = (await t.lines()).slice(from);
    expect(said).to.include('Berlin, Überschrift, Ebene 3');
    expect(said.some((l) => /^Statistik für Berlin geladen, \d+ Unterregionen\.$/.test(l))).to.be
      .true;
    const city = await read(el);
    // quarters cannot be chosen: no keys are described
    expect(city).to.include('Balkendiagramm: Inserate je Unterregion von Berlin, Gruppe');
    expect(count(city, (l) => l.includes('Pfeiltasten'))).to.equal(0);
    expect(city).to.include('Regionspfad, Navigation');
    expect(city).to.include('Zurück zu Berlin, Schalter');

    // back up by the breadcrumb: the heading again
    $(el, '[part="breadcrumb"] button')!.focus();
    expect((await t.lines()).slice(-2)).to.deep.equal([
      'Regionspfad, Navigation',
      'Zurück zu Berlin, Schalter',
    ]);
    from = t.mark();
    await press('Enter');
    await el.updateComplete;
    said = (await t.lines()).slice(from);
    expect(said.at(-1)).to.equal('Berlin, Überschrift, Ebene 3');
    t.stop();
  });
});
