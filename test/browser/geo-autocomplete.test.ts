import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import sinon from 'sinon';
import '../../src/elements/geo-autocomplete/define.js';
import type { GeoAutocomplete } from '../../src/elements/geo-autocomplete/geo-autocomplete.js';
import type { GeoSelectEvent } from '../../src/elements/geo-autocomplete/events.js';
import {
  answerTaken,
  settle,
  typeIn,
  activeLabel,
  describe,
  it,
  fakeServer,
  fakeTime,
  input,
  isOpen,
  isPlaced,
  item,
  labels,
  liveText,
  optionEls,
  popup,
  shadow,
  statusText,
  type Scripted,
} from './geo-autocomplete.helpers.js';
import { chord, findAccessible, itInColorScheme, press, type } from './helpers/index.js';

const BERLIN = [
  item('city', '1276003001', 'Berlin', [{ offset: 0, length: 3 }]),
  item('quarterOrTown', '1276003001046', 'Berlin - Mitte (Mitte)', [[0, 3]]),
  item('quarterOrTown', '1276003001061', 'Berlin - Neukölln', [{ offset: 0, length: 3 }]),
  item('region', '1276003', 'Berlin', [{ offset: 0, length: 3 }]),
  item('postcode', '210117', '10117 Berlin', [{ offset: 6, length: 3 }]),
];

function server(extra: (url: URL) => Scripted | undefined = () => undefined) {
  return fakeServer((url) => {
    const x = extra(url);
    if (x) return x;
    if (url.pathname.includes('/entity/')) {
      const id = decodeURIComponent(url.pathname.split('/').pop()!);
      const s = BERLIN.find((b) => b.entity.id === id);
      return s
        ? { body: { ...s.entity, address: { city: 'Berlin' }, geoData: { lat: 52.5, lon: 13.4 } } }
        : { status: 404, body: { messageCode: 'ERROR_RESOURCE_NOT_FOUND', message: 'not found' } };
    }
    const q = (url.searchParams.get('i') ?? '').toLowerCase();
    return { body: BERLIN.filter((b) => b.entity.label.toLowerCase().includes(q.split(' ')[0])) };
  });
}

async function setup(attrs = '', srv = server()) {
  const el = await fixture<GeoAutocomplete>(html`<geo-autocomplete></geo-autocomplete>`);
  for (const a of attrs.split(' ').filter(Boolean)) {
    const [k, v = ''] = a.split('=');
    el.setAttribute(k, v);
  }
  await wire(el, srv);
  return { el, srv };
}

/** The fake server as the element's client, no debounce (for elements a test places itself). */
async function wire(el: GeoAutocomplete, srv = server()) {
  el.client = srv.client;
  el.debounce = 0;
  await el.updateComplete;
  return el;
}

describe('geo-autocomplete: combobox', () => {
  it('is a labelled combobox in the accessibility tree and axe-clean while closed', async () => {
    const { el } = await setup('label=Wohnort');
    // the accessibility tree where the engine gives it (Chromium), else DOM role and name
    expect(
      await findAccessible({ role: 'combobox', name: 'Wohnort' }),
      'combobox named by the label',
    ).to.exist;
    expect(input(el).getAttribute('aria-expanded')).to.equal('false');
    await expect(el).to.be.accessible();
  });

  it('shows grouped suggestions with headings, icons and highlighted matches; axe-clean open', async () => {
    const { el } = await setup();
    await typeIn(el, 'Ber');
    await waitUntil(() => optionEls(el).length === 5, 'suggestions shown');
    expect(isOpen(el)).to.be.true;
    expect(input(el).getAttribute('aria-expanded')).to.equal('true');
    // the headings are seen, not heard: each option is described by its type instead
    const heads = [...shadow(el).querySelectorAll('[part~=group-label]')];
    expect(heads.map((g) => g.textContent!.trim())).to.deep.equal([
      'Städte',
      'Stadtteile und Orte',
      'Bundesländer',
      'Postleitzahlen',
    ]);
    expect(heads.every((g) => g.getAttribute('aria-hidden') === 'true' && g.querySelector('svg')))
      .to.be.true;
    // grouped order: the two quarters follow each other although the server interleaved them
    expect(labels(el)).to.deep.equal([
      'Berlin',
      'Berlin - Mitte (Mitte)',
      'Berlin - Neukölln',
      'Berlin',
      '10117 Berlin',
    ]);
    const marks = optionEls(el).map((o) =>
      [...o.querySelectorAll('mark')].map((m) => m.textContent),
    );
    expect(marks[1], 'array shape of matches').to.deep.equal(['Ber']);
    expect(marks[4]).to.deep.equal(['Ber']);
    await waitUntil(() => liveText(el) === '5 Vorschläge', 'count announced');
    await expect(el).to.be.accessible();
  });

  it(
    'moves with the arrows (wrapping), PageUp/PageDown, without re-rendering the list ' +
      '(Home/End: test/browser/listbox.test.ts)',
    async () => {
      const { el } = await setup();
      await typeIn(el, 'Ber');
      await waitUntil(() => optionEls(el).length === 5);
      const first = optionEls(el)[0];
      await press('ArrowDown');
      expect(activeLabel(el)).to.equal('Berlin');
      expect(input(el).getAttribute('aria-activedescendant')).to.equal(first.id);
      await press('ArrowUp');
      expect(activeLabel(el), 'wraps to the last').to.equal('10117 Berlin');
      await press('ArrowDown');
      expect(activeLabel(el), 'wraps to the first').to.equal('Berlin');
      await press('PageDown');
      expect(activeLabel(el), 'PageDown stops at the end').to.equal('10117 Berlin');
      await press('PageUp');
      expect(activeLabel(el)).to.equal('Berlin');
      expect(optionEls(el)[0], 'same option node, no re-render').to.equal(first);
    },
  );

  it('Enter selects: geo-select, input and change fire once; Escape closes, second Escape restores', async () => {
    const { el } = await setup('name=ort');
    const inputSpy = sinon.spy();
    const changeSpy = sinon.spy();
    el.addEventListener('input', inputSpy);
    el.addEventListener('change', changeSpy);
    await typeIn(el, 'Ber');
    await waitUntil(() => optionEls(el).length === 5);
    expect(inputSpy.callCount, 'typing is not a value change').to.equal(0);
    await press('ArrowDown');
    await press('ArrowDown');
    const ev = oneEvent(el, 'geo-select') as Promise<GeoSelectEvent>;
    await press('Enter');
    const e = await ev;
    expect(e.suggestion.entity.id).to.equal('1276003001046');
    expect(e.bubbles && e.composed).to.be.true;
    expect(e.entity).to.equal(null);
    expect(el.value).to.equal('1276003001046');
    expect(input(el).value).to.equal('Berlin - Mitte (Mitte)');
    expect(inputSpy.callCount).to.equal(1);
    expect(changeSpy.callCount).to.equal(1);
    await settle(el);
    expect(isOpen(el)).to.be.false;
    await waitUntil(
      () => liveText(el) === 'Ausgewählt: Berlin - Mitte (Mitte), Stadtteil oder Ort',
    );

    await type('x');
    await waitUntil(() => isOpen(el) || statusText(el) !== '', 'opened for the new text');
    await press('Escape');
    await settle(el);
    expect(isOpen(el), 'first Escape closes').to.be.false;
    expect(input(el).value).to.equal('Berlin - Mitte (Mitte)x');
    await press('Escape');
    await settle(el);
    expect(input(el).value, 'second Escape restores').to.equal('Berlin - Mitte (Mitte)');
    expect(el.value).to.equal('1276003001046');
  });

  it('Alt+ArrowDown opens without choosing; Tab leaves without committing', async () => {
    const { el } = await setup();
    const after = document.createElement('button');
    after.textContent = 'next';
    el.after(after);
    await typeIn(el, 'Ber');
    await waitUntil(() => optionEls(el).length === 5);
    await press('Escape');
    await settle(el);
    expect(isOpen(el)).to.be.false;
    await chord('Alt', 'ArrowDown');
    await settle(el);
    expect(isOpen(el)).to.be.true;
    expect(activeLabel(el)).to.equal(undefined);
    await press('ArrowDown');
    expect(activeLabel(el)).to.equal('Berlin');
    const spy = sinon.spy();
    el.addEventListener('geo-select', spy);
    await press('Tab');
    await press('Tab');
    await settle(el);
    expect(document.activeElement).to.equal(after);
    expect(spy.called).to.be.false;
    expect(el.value).to.equal('');
    expect(input(el).value).to.equal('Ber');
    expect(isOpen(el)).to.be.false;
    after.remove();
  });

  it('selects with the mouse', async () => {
    const { el } = await setup();
    await typeIn(el, 'Ber');
    await waitUntil(() => optionEls(el).length === 5);
    const r = optionEls(el)[2].getBoundingClientRect();
    const ev = oneEvent(el, 'geo-select') as Promise<GeoSelectEvent>;
    await sendMouse({
      type: 'click',
      position: [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)],
    });
    expect((await ev).suggestion.entity.label).to.equal('Berlin - Neukölln');
    expect(shadow(el).activeElement, 'focus stays in the input').to.equal(input(el));
  });

  it('closes on an outside click (composedPath)', async () => {
    const { el } = await setup();
    await typeIn(el, 'Ber');
    await waitUntil(() => isOpen(el));
    await sendMouse({ type: 'click', position: [5, 400] });
    await settle(el);
    expect(isOpen(el)).to.be.false;
  });

  it('does nothing while an IME composition is open', async () => {
    const { el, srv } = await setup();
    const inp = input(el);
    const time = fakeTime();
    inp.focus();
    inp.dispatchEvent(new CompositionEvent('compositionstart', { bubbles: true }));
    inp.value = 'べる';
    inp.dispatchEvent(
      new InputEvent('input', {
        bubbles: true,
        composed: true,
        isComposing: true,
        inputType: 'insertCompositionText',
      }),
    );
    inp.dispatchEvent(
      new KeyboardEvent('keydown', {
        key: 'Enter',
        keyCode: 229,
        isComposing: true,
        bubbles: true,
        composed: true,
      }),
    );
    inp.dispatchEvent(
      new KeyboardEvent('keydown', {
        key: 'ArrowDown',
        keyCode: 229,
        bubbles: true,
        composed: true,
      }),
    );
    try {
      await el.listReady; // (the list's code, which the focus asked for)
      await time.clock.tickAsync(1000); // (past any debounce)
      await settle(el);
      expect(srv.urls.length, 'no query during composition').to.equal(0);
      expect(isOpen(el)).to.be.false;
    } finally {
      time.restore();
    }
    inp.value = 'Ber';
    inp.dispatchEvent(new CompositionEvent('compositionend', { bubbles: true, data: 'Ber' }));
    await waitUntil(() => srv.urls.length === 1, 'query after the composition');
    expect(srv.urls[0].searchParams.get('i')).to.equal('Ber');
  });

  it('renders hostile labels as text', async () => {
    const evil = '<img src=x onerror="window.__pwned=1">';
    const { el } = await setup(
      '',
      server(() => ({ body: [item('city', '1', evil, [{ offset: 0, length: 4 }])] })),
    );
    await typeIn(el, '<im');
    await waitUntil(() => optionEls(el).length === 1);
    expect(optionEls(el)[0].textContent).to.equal(evil);
    expect(shadow(el).querySelector('img')).to.equal(null);
    expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
  });

  it('merges overlapping and unordered ranges and ignores ranges past the label end', async () => {
    const matches = [
      { offset: 4, length: 3 },
      [0, 2],
      { offset: 1, length: 4 },
      { offset: 40, length: 3 },
      [9, 50],
    ];
    const { el } = await setup(
      '',
      server(() => ({ body: [item('city', '1', 'Hamburg-Nord', matches)] })),
    );
    await typeIn(el, 'Ha');
    await waitUntil(() => optionEls(el).length === 1);
    const parts = [...optionEls(el)[0].childNodes]
      .filter((n) => n.nodeType !== Node.COMMENT_NODE)
      .map((n) => (n.nodeName === 'MARK' ? `[${n.textContent}]` : n.textContent))
      .join('');
    expect(parts).to.equal('[Hamburg]-N[ord]');
  });

  it('takes a custom option renderer', async () => {
    const { el } = await setup();
    el.renderOption = (s, q) => html`<b>${s.entity.type}</b>: ${s.entity.label} (${q})`;
    await typeIn(el, 'Ber');
    await waitUntil(() => optionEls(el).length === 5);
    expect(optionEls(el)[0].textContent).to.equal('city: Berlin (Ber)');
  });

  it('speaks English', async () => {
    const { el } = await setup('lang=en');
    expect(shadow(el).querySelector('label')!.textContent!.trim()).to.equal('Location');
    await typeIn(el, 'Ber');
    await waitUntil(() => liveText(el) === '5 suggestions');
    expect(shadow(el).querySelector('[part~=group-label]')!.textContent!.trim()).to.equal('Cities');
    await typeIn(el, 'zzz');
    await waitUntil(() => statusText(el) === 'No matches');
    await expect(el).to.be.accessible();
  });

  it('follows a lang change on an ancestor, in the page and across a shadow root', async () => {
    const wrap = await fixture<HTMLDivElement>(html`<div lang="de"><p></p></div>`);
    const host = wrap.querySelector('p')!;
    const root = host.attachShadow({ mode: 'open' });
    root.innerHTML = '<section lang="de"><geo-autocomplete></geo-autocomplete></section>';
    const el = await wire(root.querySelector('geo-autocomplete')!);
    const label = () => shadow(el).querySelector('label')!.textContent!.trim();
    expect(label()).to.equal('Ort');
    // The nearest ancestor's lang, inside the shadow root, switches the live element.
    root.querySelector('section')!.setAttribute('lang', 'en');
    await waitUntil(() => label() === 'Location', 'the shadow root ancestor switched it');
    root.querySelector('section')!.removeAttribute('lang');
    await waitUntil(() => label() === 'Ort', 'the page ancestor (de) counts again');
    // An ancestor in the page, beyond the shadow host; and a change read in the same task.
    wrap.setAttribute('lang', 'en');
    expect(el.validationMessage, 'valid: no message').to.equal('');
    await waitUntil(() => label() === 'Location', 'the page ancestor switched it');
    el.required = true;
    await el.updateComplete;
    wrap.setAttribute('lang', 'de');
    el.setCustomValidity('');
    expect(el.validationMessage).to.not.match(/location/i);
    await waitUntil(() => label() === 'Ort');
  });

  it('keeps px sizes on a page with html{font-size:62.5%}', async () => {
    document.documentElement.style.fontSize = '62.5%';
    try {
      const { el } = await setup();
      expect(input(el).getBoundingClientRect().height).to.equal(44);
      expect(getComputedStyle(input(el)).fontSize).to.equal('16px');
    } finally {
      document.documentElement.style.fontSize = '';
    }
  });

  it('opens in the top layer, unclipped inside an overflow:hidden scroller and a modal dialog', async () => {
    const srv = server();
    const wrap =
      await fixture<HTMLDivElement>(html`<div style="height:80px;overflow:hidden;transform:translateZ(0)">
      <div style="height:200px;overflow:auto"><geo-autocomplete></geo-autocomplete></div></div>`);
    const el = await wire(wrap.querySelector('geo-autocomplete')!, srv);
    await typeIn(el, 'Ber');
    await waitUntil(() => optionEls(el).length === 5);
    await settle(el);
    // (Floating UI may still be on its way: the first opening waits for it, hidden)
    await waitUntil(() => isPlaced(el), 'placed');
    await new Promise((r) => requestAnimationFrame(r));
    let r = optionEls(el)[4].getBoundingClientRect();
    expect(r.bottom, 'below the clipping box').to.be.greaterThan(
      wrap.getBoundingClientRect().bottom,
    );
    let hit = shadow(el).elementFromPoint(r.x + 5, r.y + r.height / 2);
    // (compared by id: a failed comparison of elements cannot be reported from WebKit, whose
    // test page then never finishes)
    expect(hit?.closest('[role=option]')?.id, 'the option under the pointer').to.equal(
      optionEls(el)[4].id,
    );

    const dialog = await fixture<HTMLDialogElement>(
      html`<dialog><geo-autocomplete></geo-autocomplete></dialog>`,
    );
    const d = await wire(dialog.querySelector('geo-autocomplete')!, srv);
    dialog.showModal();
    await typeIn(d, 'Ber');
    await waitUntil(() => optionEls(d).length === 5 && isPlaced(d));
    await new Promise((r) => requestAnimationFrame(r));
    r = optionEls(d)[0].getBoundingClientRect();
    hit = shadow(d).elementFromPoint(r.x + 5, r.y + r.height / 2);
    expect(hit?.closest('[role=option]')?.id, 'the option under the pointer').to.equal(
      optionEls(d)[0].id,
    );
    await press('Escape');
    expect(dialog.open, 'the first Escape closes the list, not the dialog').to.be.true;
    dialog.close();
  });

  it('flips above the field when there is no room below', async () => {
    const { el } = await setup();
    el.style.cssText = `position:fixed;left:0;right:0;bottom:4px`;
    await typeIn(el, 'Ber');
    await waitUntil(() => optionEls(el).length === 5);
    await new Promise((r) => requestAnimationFrame(r));
    await waitUntil(
      () => popup(el).getBoundingClientRect().bottom <= input(el).getBoundingClientRect().top + 1,
      'above',
    );
  });

  itInColorScheme(
    'dark',
    'dark system theme on a light page: stays light (transparent input in the page colour, light popup); ' +
      'dark once the page declares it; axe-clean',
    async () => {
      const page = await fixture<HTMLDivElement>(
        html`<div style="background:#fff;color:rgb(20, 20, 20);padding:8px"><geo-autocomplete></geo-autocomplete></div>`,
      );
      const el = await wire(page.querySelector('geo-autocomplete')!);
      const label = shadow(el).querySelector('label')!;
      expect(getComputedStyle(label).color, 'label in the page colour').to.equal('rgb(20, 20, 20)');
      expect(getComputedStyle(input(el)).backgroundColor, 'transparent input').to.equal(
        'rgba(0, 0, 0, 0)',
      );
      expect(getComputedStyle(input(el)).color, 'page text in the input').to.equal(
        'rgb(20, 20, 20)',
      );
      await expect(page).to.be.accessible();
      await typeIn(el, 'Ber');
      await waitUntil(() => optionEls(el).length === 5 && isOpen(el));
      expect(getComputedStyle(popup(el)).backgroundColor, 'light popup').to.equal(
        'rgb(255, 255, 255)',
      );
      await expect(page).to.be.accessible();
      page.style.cssText =
        'color-scheme:dark;background:#1c1c1f;color:rgb(236, 236, 240);padding:8px';
      expect(getComputedStyle(popup(el)).backgroundColor, 'dark popup on a dark page').to.equal(
        'rgb(28, 28, 31)',
      );
      expect(getComputedStyle(popup(el)).color, 'light text in it').to.equal('rgb(236, 236, 240)');
      await expect(page).to.be.accessible();
      el.style.setProperty('--immo-color-text', 'rgb(0, 80, 0)');
      expect(getComputedStyle(label).color, 'a set --immo-color-text colours the label').to.equal(
        'rgb(0, 80, 0)',
      );
    },
  );

  it('a long list scrolls inside the listbox: the active option is scrolled into view, axe-clean open', async () => {
    const many = Array.from({ length: 40 }, (_, i) =>
      item('city', String(1276000000 + i), `Berg ${i + 1}`),
    );
    const { el } = await setup(
      'limit=40',
      server(() => ({ body: many })),
    );
    await typeIn(el, 'Ber');
    await waitUntil(() => optionEls(el).length === 40 && isOpen(el));
    const lb = shadow(el).querySelector<HTMLElement>('[role=listbox]')!;
    expect(lb.scrollHeight, 'the list is longer than the popup').to.be.greaterThan(lb.clientHeight);
    const inView = (o: HTMLElement) => {
      const r = o.getBoundingClientRect();
      const v = lb.getBoundingClientRect();
      return r.top >= v.top - 1 && r.bottom <= v.bottom + 1;
    };
    await press('ArrowUp');
    const options = optionEls(el);
    await waitUntil(() => inView(options[39]!), 'the last option is scrolled into view');
    expect(inView(options[0]!)).to.equal(false);
    await press('ArrowDown');
    await waitUntil(() => inView(options[0]!), 'the first option is scrolled into view again');
    await expect(el).to.be.accessible();
  });

  it('reads no layout while the open list updates under typing (only on open, scroll and resize)', async () => {
    const { el, srv } = await setup();
    await typeIn(el, 'Be');
    await waitUntil(() => optionEls(el).length > 0 && isPlaced(el), 'open and placed');
    // The opening's own reads done: Floating UI's first placement and the first call of
    // autoUpdate's IntersectionObserver (the field moving), which WebKit delivers only with a
    // later rendering update (two frames here).
    for (let i = 0; i < 2; i++)
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r)));
    const gbcr = Element.prototype.getBoundingClientRect;
    let calls = 0;
    Element.prototype.getBoundingClientRect = function (this: Element) {
      calls++;
      return gbcr.call(this);
    };
    try {
      await type('rlin');
      await waitUntil(() => el.text === 'Berlin', 'typed');
      await answerTaken(el, srv, 'Berlin');
      expect(optionEls(el).length).to.equal(5);
      expect(calls, 'getBoundingClientRect calls while typing into an open list').to.equal(0);
      window.dispatchEvent(new Event('resize'));
      await waitUntil(() => calls > 0, 'a resize measures again');
    } finally {
      Element.prototype.getBoundingClientRect = gbcr;
    }
  });

  it('sits under the field, as wide as it, and follows when a container scrolls', async () => {
    const wrap =
      await fixture<HTMLDivElement>(html`<div style="height:300px;overflow:auto;padding:40px 0 0 37px">
      <div style="height:900px;width:320px"><geo-autocomplete></geo-autocomplete></div></div>`);
    const el = await wire(wrap.querySelector('geo-autocomplete')!);
    await typeIn(el, 'Ber');
    await waitUntil(() => optionEls(el).length === 5 && isOpen(el));
    const field = () => shadow(el).querySelector('.field')!.getBoundingClientRect();
    const attached = () => {
      const f = field();
      const p = popup(el).getBoundingClientRect();
      return (
        Math.abs(p.top - (f.bottom + 2)) < 1 &&
        Math.abs(p.left - f.left) < 1 &&
        Math.abs(p.width - f.width) < 1
      );
    };
    await waitUntil(attached, 'popup under the field');
    const before = field().top;
    wrap.scrollTop = 25;
    await waitUntil(
      () => field().top < before - 20 && attached(),
      'popup follows the scrolled field',
    );
  });
});
