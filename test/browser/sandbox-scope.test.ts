/**
 * The page's sandbox fault scope (demo/sandbox-scope.ts, loaded into every test page): a
 * fault this page sets reaches an element's own requests here, and not a caller with
 * another scope on the same sandbox; clearing it here leaves the other's fault alone.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/elements/region-stats/define.js';
import { sandboxScope } from '../../demo/sandbox-scope.js';
import { afterEach, describe, it } from './helpers/index.js';

const API = '/restapi/api';
const other = { 'X-Sandbox-Scope': 'another-run' };

describe('sandbox fault scope of a test page', () => {
  afterEach(async () => {
    await fetch(`${API}/sandbox/faults`, { method: 'DELETE' });
    await fetch(`${API}/sandbox/faults`, { method: 'DELETE', headers: other });
  });

  it('the page has a scope, and its fault reaches the element but not another scope', async () => {
    expect(sandboxScope).to.match(/^tab-[0-9a-f]{16}$/);
    const fixtures = (await (
      await fetch(`${API}/sandbox/fixtures`, { headers: { Accept: 'application/json' } })
    ).json()) as { statistic: { geocodesWithSubregions: { geoCodeId: string }[] } };
    const geocode = fixtures.statistic.geocodesWithSubregions[0]!.geoCodeId;
    const set = await fetch(`${API}/sandbox/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ route: 'statistic', status: 503 }),
    });
    expect(((await set.json()) as { scope: string }).scope).to.equal(sandboxScope);
    const el = await fixture<HTMLElement>(
      html`<region-stats geocode=${geocode} lang="en"></region-stats>`,
    );
    await waitUntil(
      () => el.shadowRoot?.querySelector('[part~="error"]'),
      'the element shows the injected failure',
      { timeout: 8000 },
    );
    const mine = await fetch(`${API}/search/v1.0/statistic?geocode=${geocode}`, {
      headers: { Accept: 'application/json' },
    });
    expect(mine.status).to.equal(503);
    const theirs = await fetch(`${API}/search/v1.0/statistic?geocode=${geocode}`, {
      headers: { Accept: 'application/json', ...other },
    });
    expect(theirs.status).to.equal(200);
  });

  it("clearing this page's faults leaves another scope's fault in place", async () => {
    await fetch(`${API}/sandbox/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...other },
      body: JSON.stringify({ route: 'expose', status: 500 }),
    });
    await fetch(`${API}/sandbox/faults`, { method: 'DELETE' });
    const listed = (await (await fetch(`${API}/sandbox/faults`, { headers: other })).json()) as {
      faults: { route: string }[];
    };
    expect(listed.faults.map((f) => f.route)).to.deep.equal(['expose']);
    const mine = (await (await fetch(`${API}/sandbox/faults`)).json()) as { faults: unknown[] };
    expect(mine.faults).to.deep.equal([]);
  });
});
