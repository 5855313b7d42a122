/**
 * The shared test helpers (test/browser/helpers/) keep their promises in every engine: keys
 * arrive whole and with their modifiers, text no driver can type still goes in, the colour
 * scheme a test asks for is the one the page sees, and the accessibility-tree check finds a
 * labelled control. Each engine's workaround is in the helpers, so this file is where one breaks.
 */
import { expect, fixture, html } from '@open-wc/testing';
import {
  chord,
  describe,
  engine,
  findAccessible,
  it,
  itInColorScheme,
  press,
  supportsCss,
  type,
} from './helpers/index.js';

async function field() {
  const el = await fixture<HTMLDivElement>(html`<div><label>Wohnort <input></label></div>`);
  const input = el.querySelector('input')!;
  input.focus();
  return input;
}

/** The keydown events the input gets: key and the modifiers held. */
function keydowns(input: HTMLInputElement) {
  const seen: string[] = [];
  input.addEventListener('keydown', (e) =>
    seen.push(
      `${e.altKey ? 'Alt+' : ''}${e.ctrlKey ? 'Control+' : ''}${e.shiftKey ? 'Shift+' : ''}${e.key}`,
    ),
  );
  return seen;
}

describe(`test helpers in ${engine}`, () => {
  it('type() delivers every key, repeated ones too (WebKitGTK drops a repeat within one action sequence)', async () => {
    const input = await field();
    await type('Xyzzy 14467 Köln');
    expect(input.value).to.equal('Xyzzy 14467 Köln');
  });

  it("type() puts in emoji, which WebKitGTK's driver cannot type, with input events", async () => {
    const input = await field();
    let inputs = 0;
    input.addEventListener('input', () => inputs++);
    await type('a😀b');
    expect(input.value).to.equal('a😀b');
    expect(inputs, 'an input event per character').to.be.at.least(3);
  });

  it('press() knows Space in every engine (Firefox wants " ")', async () => {
    const input = await field();
    const seen = keydowns(input);
    await press('Space');
    await press('Enter');
    expect(seen).to.deep.equal([' ', 'Enter']);
  });

  it('chord() holds a modifier: Alt+ArrowDown, Control+a', async () => {
    const input = await field();
    await type('abc');
    const seen = keydowns(input);
    await chord('Alt', 'ArrowDown');
    await chord('Control', 'a');
    expect(seen.filter((k) => !/(Alt|Control)$/.test(k))).to.deep.equal([
      'Alt+ArrowDown',
      'Control+a',
    ]);
    await press('Backspace');
    expect(input.value, 'Control+a selected all').to.equal('');
  });

  it('findAccessible() finds a control by role and accessible name, and nothing by a wrong name', async () => {
    await field();
    expect(await findAccessible({ role: 'textbox', name: 'Wohnort' })).to.exist;
    expect(await findAccessible({ role: 'textbox', name: 'Postleitzahl' })).to.equal(undefined);
  });

  it('supportsCss() tells the features an engine lacks', () => {
    expect(supportsCss('display', 'grid')).to.equal(true);
    expect(
      supportsCss('forced-color-adjust', 'none'),
      'forced-color-adjust outside WebKit',
    ).to.equal(engine !== 'webkit');
  });

  for (const scheme of ['light', 'dark'] as const) {
    itInColorScheme(scheme, `the page sees prefers-color-scheme: ${scheme}`, () => {
      expect(matchMedia(`(prefers-color-scheme: ${scheme})`).matches).to.equal(true);
      const probe = document.createElement('div');
      probe.style.cssText = 'color-scheme: light dark; background: Canvas';
      document.body.append(probe);
      const [r] = getComputedStyle(probe).backgroundColor.match(/\d+/)!.map(Number);
      probe.remove();
      expect(r! < 128, 'the system colours follow').to.equal(scheme === 'dark');
    });
  }
});
