// Lit's hydration support before anything that loads Lit; the definitions come in the test.
import '../../src/hydrate.js';
import { expect, waitUntil } from '@open-wc/testing';
import { type } from './helpers/keys.js';
import { describe, it } from './helpers/mocha.js';

type El = HTMLElement & { updateComplete: Promise<unknown> };

/**
 * A page that gave the server what it does not give the element in the browser (here: the
 * places of a geo-autocomplete `multiple`): Lit's hydration cannot take the shadow root over.
 * The element is drawn anew with a warning for the developer, once, and works.
 */
describe('a server render the browser does not match', () => {
  it('is drawn anew with a warning, and the element works', async () => {
    const places = [{ entity: { type: 'city', id: '1276003001', label: 'Berlin' }, matches: [] }];
    const q = new URLSearchParams({
      tag: 'geo-autocomplete',
      a: JSON.stringify({ multiple: true, name: 'orte' }),
      p: JSON.stringify({ selections: places }),
    });
    const host = document.createElement('div');
    (host as HTMLElement & { setHTMLUnsafe(h: string): void }).setHTMLUnsafe(
      await (await fetch(`/__ssr?${q}`)).text(),
    );
    document.body.append(host);
    const el = host.firstElementChild as El;
    expect(el.shadowRoot!.querySelectorAll('[part="chip"]').length).to.equal(1);
    const warned: unknown[][] = [];
    const { warn } = console;
    console.warn = (...a: unknown[]) => void warned.push(a);
    try {
      await import('../../src/define.js');
      await el.updateComplete;
    } finally {
      console.warn = warn;
    }
    expect(warned.length).to.equal(1);
    expect(String(warned[0]![0])).to.match(/^geo-autocomplete: the server's render is not/);
    const root = el.shadowRoot!;
    expect(root.querySelectorAll('input').length, 'one text box, not two').to.equal(1);
    expect(root.querySelectorAll('[part="chip"]').length, 'the browser has no places').to.equal(0);
    expect(root.querySelector('style'), "the server's styles stay").to.not.equal(null);
    root.querySelector('input')!.focus();
    await type('Berl');
    await waitUntil(() => root.querySelector('[role=option]'), 'suggestions for Berl', {
      timeout: 8000,
    });
    expect(root.querySelector('[role=option]')!.textContent).to.match(/Berl/i);
    host.remove();
  });
});
