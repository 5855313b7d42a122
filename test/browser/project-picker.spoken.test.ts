/**
 * What a screen-reader user hears in project-picker, end to end against the sandbox: the two
 * lists found by their names, each project and listing read as words separated by commas,
 * never a middle dot read as "Punkt" (helpers/transcript.ts).
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/elements/project-picker/define.js';
import type { ProjectPicker } from '../../src/elements/project-picker/project-picker.js';
import { $, pickOptions, projectOptions } from './project-picker.helpers.js';
import { API, describe, it, read } from './helpers/index.js';

const post = async <T>(path: string, body: unknown): Promise<T> =>
  (await (
    await fetch(`${API}/sandbox/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).json()) as T;

describe('project-picker: what a screen reader says', () => {
  it('finds the project list and the listings to add; their options say commas, not dots', async () => {
    await post('reset', {});
    const fx = (await (await fetch(`${API}/sandbox/fixtures`)).json()) as {
      projects: { basicFew: string };
      projectFacts: Record<string, { published: boolean; product: string }>;
    };
    const { token } = await post<{ token: string }>('token', { user: 'demo' });
    const el = await fixture<ProjectPicker>(
      html`<project-picker .token=${token} project-id=${fx.projects.basicFew} .projectFacts=${fx.projectFacts}></project-picker>`,
    );
    await waitUntil(() => projectOptions(el).length > 0 && $(el, '[part=entries]'), 'lists', {
      timeout: 10000,
    });
    await el.updateComplete;
    const options = (lines: string[], list: string) => {
      const at = lines.indexOf(`${list}, Liste`);
      expect(at, `${list} found`).to.be.greaterThan(-1);
      return lines.slice(at + 1).filter((l) => !/, (Liste|Schalter|Bereich|Gruppe)$/.test(l));
    };
    const lines = await read(el);
    expect(lines.slice(0, 3)).to.deep.equal([
      'Bauprojekte, Bereich',
      'Bauprojekte, Überschrift, Ebene 2',
      'Bauprojekte, Liste',
    ]);
    const projects = options(lines, 'Bauprojekte').slice(0, projectOptions(el).length);
    expect(projects).to.have.length(projectOptions(el).length);
    // name, state, product and usage, heard with commas
    expect(projects).to.include('Stadtvillen am Rosenpark, veröffentlicht, BASIC, 2 / 15 Einträge');
    for (const p of projects) expect(p).not.to.contain('·');

    $(el, '[part=add]')!.click();
    await waitUntil(() => pickOptions(el).length > 0, 'listings to add');
    const picker = await read(el);
    const listings = options(picker, 'Eigene veröffentlichte Angebote').slice(
      0,
      pickOptions(el).length,
    );
    // title, type, address, id and state
    expect(listings[0]).to.match(
      /^[^,]+, Eigentumswohnung, Invalidenstraße 3, 10115 Berlin, Nr\. \d+, veröffentlicht$/,
    );
    for (const l of listings) expect(l).not.to.contain('·');
  });
});
