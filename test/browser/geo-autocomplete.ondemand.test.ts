// geo-autocomplete's text box is on screen before its list code (combobox.ts) has arrived: a
// visitor who types meanwhile keeps every character, and the suggestions for the whole text
// follow when the code is there; the popup's first opening waits, hidden, for Floating UI
// (floating.ts). The element is loaded from a URL no browser cache has seen
// (/__fresh/<id>/src/…), and the dev server holds its list code and Floating UI back until the
// test releases them (the freshModules middleware of web-test-runner.config.mjs). This file
// registers the element only that way.
import { expect, waitUntil } from '@open-wc/testing';
import type { GeoAutocomplete } from '../../src/elements/geo-autocomplete/geo-autocomplete.js';
import { describe, it, input, labels, shadow } from './geo-autocomplete.helpers.js';
import { press, type } from './helpers/index.js';

const FRESH = `/__fresh/${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
const LIST_CODE = `${FRESH}/src/elements/geo-autocomplete/combobox.js`;
const FLOATING = `${FRESH}/src/elements/geo-autocomplete/floating.js`;
const hold = (path: string, m = LIST_CODE) =>
  fetch(`${path}?m=${encodeURIComponent(m)}`).then((r) => r.json() as Promise<{ held: number }>);

describe('geo-autocomplete before its list code has arrived', () => {
  it('keeps every character typed, Enter submits as a plain input, and the suggestions follow for the whole text', async () => {
    await hold('/__hold');
    await hold('/__hold', FLOATING);
    await import(/* @vite-ignore */ `${FRESH}/src/elements/geo-autocomplete/define.ts`);
    const form = document.createElement('form');
    const el = document.createElement('geo-autocomplete') as GeoAutocomplete;
    el.name = 'place';
    form.append(el);
    document.body.append(form);
    const submitted: FormData[] = [];
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      submitted.push(new FormData(form));
    });
    try {
      await waitUntil(() => el.shadowRoot?.querySelector('input'), 'the text box is on screen');
      input(el).focus();
      await type('Berli');
      expect(input(el).value).to.equal('Berli');
      expect(el.text).to.equal('Berli');
      // (the list code is still held: no popup, no list)
      expect(!shadow(el).querySelector('[role=listbox]'), 'no list yet').to.equal(true);
      expect(input(el).hasAttribute('aria-controls'), 'it controls nothing yet').to.equal(false);
      await press('Enter');
      expect(submitted.length, 'Enter submitted the form').to.equal(1);
      expect(submitted[0]!.get('place-label')).to.equal('Berli');
      await type('n');
      expect(input(el).value).to.equal('Berlin');

      const { held } = await hold('/__hold/release');
      expect(held, 'the list code was asked for and held').to.be.greaterThan(0);
      await waitUntil(() => labels(el).includes('Berlin'), 'Berlin suggested', {
        timeout: 10000,
      });
      expect(input(el).value).to.equal('Berlin');
      expect(input(el).getAttribute('aria-expanded')).to.equal('true');
      const controls = input(el).getAttribute('aria-controls')!;
      expect(shadow(el).getElementById(controls)?.getAttribute('role')).to.equal('listbox');

      // The popup is open while Floating UI is still held: hidden, not shown at 0,0.
      const pop = shadow(el).querySelector<HTMLElement>('[popover]')!;
      expect(pop.matches(':popover-open'), 'the popup is open').to.equal(true);
      expect(getComputedStyle(pop).visibility, 'hidden until placed').to.equal('hidden');
      expect(
        (await hold('/__hold/release', FLOATING)).held,
        'Floating UI was held',
      ).to.be.greaterThan(0);
      const f = shadow(el).querySelector('.field')!;
      await waitUntil(
        () =>
          getComputedStyle(pop).visibility === 'visible' &&
          Math.abs(pop.getBoundingClientRect().top - (f.getBoundingClientRect().bottom + 2)) < 1.5,
        'shown once placed, under the field',
      );
    } finally {
      await hold('/__hold/release');
      await hold('/__hold/release', FLOATING);
      form.remove();
    }
  });
});
