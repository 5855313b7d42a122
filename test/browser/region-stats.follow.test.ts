/**
 * region-stats following a geo-autocomplete (its `for` attribute), end to end against the
 * sandbox: when the visitor empties the field, the old place's statistic goes (the demo's
 * search page must not keep showing the old city). Its own file so that it runs on its own.
 */
import { fixture, html, expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/elements/region-stats/define.js';
import '../../src/elements/geo-autocomplete/define.js';
import { arrowTo, waitForSettled } from './geo-autocomplete.helpers.js';

const { describe, it } = globalThis as unknown as {
  describe(title: string, fn: () => void): void;
  it(title: string, fn: (this: { timeout(ms: number): void }) => unknown): void;
};

const statRequests = () =>
  performance.getEntriesByType('resource').filter((e) => e.name.includes('/statistic')).length;

describe('region-stats for= a geo-autocomplete', () => {
  it('a visitor picks Berlin, then empties the field: the statistic of Berlin goes, no request is made', async function () {
    this.timeout(90000);
    const wrap = await fixture(html`<div>
      <geo-autocomplete id="follow-where" label="Stadt" types="city" resolve="GeoId" debounce="0"></geo-autocomplete>
      <region-stats for="follow-where" real-estate-types="apartmentrent"></region-stats>
    </div>`);
    const ac = wrap.querySelector('geo-autocomplete')!;
    const el = wrap.querySelector('region-stats')!;
    const title = () => el.shadowRoot!.querySelector('[part~="heading"], [part~="title"]');
    ac.shadowRoot!.querySelector('input')!.focus();
    await sendKeys({ type: 'Berlin' });
    await waitForSettled(ac, 'Berlin', 30000);
    await arrowTo(ac, 'Berlin');
    await sendKeys({ press: 'Enter' });
    expect(ac.selected?.entity.label, 'Berlin picked').to.equal('Berlin');
    await waitUntil(() => title()?.textContent === 'Berlin', 'Berlin shown', { timeout: 30000 });
    const before = statRequests();
    ac.shadowRoot!.querySelector<HTMLElement>('[part~="clear-button"], [part~="clear"]')!.click();
    await el.updateComplete;
    expect(title()?.textContent ?? null, 'no title of the old city').to.equal(null);
    expect(el.geocode).to.equal('');
    expect(el.shadowRoot!.textContent).not.to.contain('Berlin');
    expect(statRequests(), 'no request').to.equal(before);
    await expect(wrap).to.be.accessible();
  });
});
