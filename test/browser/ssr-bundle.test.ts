import { expect } from '@open-wc/testing';
import { type } from './helpers/keys.js';
import { describe, it } from './helpers/mocha.js';

/**
 * The script-tag way (docs/embedding.md, "In the browser: hydration first"): a server-rendered
 * page loads dist/immo-elements-hydrate.js, then dist/immo-elements.js (`npm run build`), and
 * the bundles' Lit takes the rendered shadow roots over, the typed text kept, without a
 * warning or an error.
 */
describe('server-rendered elements, hydrated by the script-tag bundles', () => {
  it('keeps the shadow roots, the input and the typed text', async () => {
    const markup =
      '<geo-autocomplete name="ort" label="Ort"></geo-autocomplete>' +
      '<region-stats geocode="1276003001" real-estate-types="apartmentrent"></region-stats>';
    // (the server renders with lib/, the package's modules, as a partner's server does: its
    // templates are the bundles')
    const res = await fetch(`/__ssr?from=lib&m=${encodeURIComponent(markup)}`);
    const page = document.createElement('div');
    document.body.append(page);
    (page as HTMLElement & { setHTMLUnsafe(h: string): void }).setHTMLUnsafe(await res.text());
    const geo = page.querySelector('geo-autocomplete')!;
    const root = geo.shadowRoot!;
    const input = root.querySelector('input')!;
    const box = page.querySelector('region-stats')!.getBoundingClientRect();
    input.focus();
    await type('Münch');
    const warned: string[] = [];
    const { warn, error } = console;
    console.warn = (...a: unknown[]) => void warned.push(a.map(String).join(' '));
    console.error = (...a: unknown[]) => void warned.push(a.map(String).join(' '));
    try {
      // (as two <script type="module"> tags, in this order)
      const load = (f: string) => import(/* @vite-ignore */ `/dist/${f}`);
      await load('immo-elements-hydrate.js');
      await load('immo-elements.js');
      // every update the hydration started, and those they asked for, done
      for (const el of page.querySelectorAll('geo-autocomplete, region-stats'))
        while (!(await (el as HTMLElement & { updateComplete: Promise<boolean> }).updateComplete));
    } finally {
      console.warn = warn;
      console.error = error;
    }
    expect(warned).to.deep.equal([]);
    expect(geo.shadowRoot).to.equal(root);
    expect(root.querySelector('input')).to.equal(input);
    expect(input.value).to.equal('Münch');
    expect((geo as HTMLElement & { text: string }).text).to.equal('Münch');
    const after = page.querySelector('region-stats')!.getBoundingClientRect();
    expect(Math.abs(after.height - box.height)).to.be.at.most(1);
    page.remove();
  });
});
