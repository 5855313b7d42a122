import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import sinon from 'sinon';
import { GeoAutocomplete } from '../../src/elements/geo-autocomplete/geo-autocomplete.js';
import '../../src/elements/geo-autocomplete/define.js';
import type { GeoSelectEvent } from '../../src/elements/geo-autocomplete/events.js';
import {
  settle,
  typeIn,
  afterEach,
  describe,
  fakeServer,
  fakeTime,
  input,
  isOpen,
  it,
  item,
  labels,
  optionEls,
  shadow,
  statusText,
  type Scripted,
} from './geo-autocomplete.helpers.js';
import { press, type } from './helpers/index.js';

const answers: Record<string, ReturnType<typeof item>[]> = {
  ber: [item('city', '1276003001', 'Berlin'), item('city', '1276006001', 'Bern')],
  berl: [item('city', '1276003001', 'Berlin')],
  berlin: [item('city', '1276003001', 'Berlin'), item('region', '1276003', 'Berlin')],
};
const entity = (id: string) => ({
  type: 'city',
  id,
  label: 'Berlin',
  address: { city: 'Berlin' },
  geoData: { lat: 52.52, lon: 13.41 },
});

function defaultAnswer(url: URL): Scripted {
  if (url.pathname.includes('/entity/'))
    return { body: entity(decodeURIComponent(url.pathname.split('/').pop()!)) };
  return { body: answers[(url.searchParams.get('i') ?? '').toLowerCase()] ?? [] };
}

async function setup(
  srv = fakeServer(defaultAnswer),
  tpl = html`<geo-autocomplete></geo-autocomplete>`,
) {
  const host = await fixture<HTMLElement>(tpl);
  const el = (
    host.localName === 'geo-autocomplete' ? host : host.querySelector('geo-autocomplete')!
  ) as GeoAutocomplete;
  el.client = srv.client;
  el.debounce = 0;
  el.minLength = 3;
  await el.updateComplete;
  return { el, srv };
}

function deferred() {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  return { gate, release };
}

afterEach(() => {
  localStorage.removeItem('immo-geo-recent:v2:DEU');
  sinon.restore();
});

describe('geo-autocomplete: networking', () => {
  it('aborts the previous request and never shows a late answer over a newer one', async () => {
    const slow = deferred();
    const srv = fakeServer((url) =>
      url.searchParams.get('i') === 'Ber'
        ? { ...defaultAnswer(url), gate: slow.gate }
        : defaultAnswer(url),
    );
    const { el } = await setup(srv);
    await typeIn(el, 'Ber');
    await waitUntil(() => srv.urls.length === 1);
    await type('l');
    await waitUntil(() => labels(el).join() === 'Berlin', 'newer answer shown');
    // aborted: the fake transport drops its answer, released or not
    await waitUntil(() => srv.aborted.length === 1, 'the request for Ber aborted');
    slow.release();
    await settle(el);
    expect(labels(el)).to.deep.equal(['Berlin']);
    expect(srv.aborted.map((u) => u.searchParams.get('i'))).to.deep.equal(['Ber']);
  });

  it('answers backspace from the cache without a request', async () => {
    const { el, srv } = await setup();
    await typeIn(el, 'Ber');
    await waitUntil(() => labels(el).length === 2);
    await type('l');
    await waitUntil(() => labels(el).length === 1);
    const n = srv.urls.length;
    const time = fakeTime();
    try {
      await press('Backspace');
      await el.updateComplete;
      expect(labels(el), 'shown in the same frame').to.deep.equal(['Berlin', 'Bern']);
      await time.clock.tickAsync(1000); // (past any debounce)
      expect(srv.urls.length).to.equal(n);
    } finally {
      time.restore();
    }
  });

  it('waits for min-length', async () => {
    const { el, srv } = await setup();
    el.minLength = 3;
    input(el).focus();
    await el.listReady;
    const time = fakeTime();
    try {
      await type('Be');
      await time.clock.tickAsync(1000); // (past any debounce)
      expect(srv.urls.length).to.equal(0);
    } finally {
      time.restore();
    }
    await type('r');
    await waitUntil(() => srv.urls.length === 1);
  });

  it('sends the attributes as query parameters', async () => {
    const { el, srv } = await setup();
    el.country = 'AUT';
    el.types = 'city,postcode';
    el.limit = 7;
    el.limitPerType = 3;
    await typeIn(el, 'Sal');
    await waitUntil(() => srv.urls.length === 1);
    const u = srv.urls[0];
    expect(u.pathname).to.equal('/fake/gis/v2.0/geoautocomplete/AUT');
    expect(Object.fromEntries(u.searchParams)).to.deep.equal({
      i: 'Sal',
      l: '7',
      lpt: '3',
      t: 'city,postcode',
    });
  });

  it('shows loading after a short delay, then the list; axe-clean while loading', async () => {
    const slow = deferred();
    const srv = fakeServer((url) => ({ ...defaultAnswer(url), gate: slow.gate }));
    const { el } = await setup(srv);
    await typeIn(el, 'Ber');
    await waitUntil(() => statusText(el) === 'Suche läuft …', 'loading shown');
    expect(input(el).getAttribute('aria-busy')).to.equal('true');
    await expect(el).to.be.accessible();
    slow.release();
    await waitUntil(() => labels(el).length === 2);
    expect(statusText(el)).to.equal('');
  });

  it('shows the empty state', async () => {
    const { el } = await setup();
    await typeIn(el, 'Xyz');
    await waitUntil(() => statusText(el) === 'Keine Treffer');
    expect(isOpen(el)).to.be.true;
    await expect(el).to.be.accessible();
  });

  it('shows an error with a retry that keeps the typed text', async () => {
    let fail = true;
    const srv = fakeServer((url) =>
      fail
        ? {
            status: 500,
            body: { messageCode: 'ERROR_COMMON_INTERNAL_SERVER_ERROR', message: 'boom' },
          }
        : defaultAnswer(url),
    );
    const { el } = await setup(srv);
    await typeIn(el, 'Ber');
    await waitUntil(
      () =>
        statusText(el).startsWith('Beim Dienst ist ein Fehler aufgetreten.') &&
        !/500|HTTP|ERROR_|boom/.test(statusText(el)),
    );
    await expect(el).to.be.accessible();
    expect(input(el).value).to.equal('Ber');
    fail = false;
    const retry = shadow(el).querySelector<HTMLButtonElement>('[part~=retry]')!;
    expect(retry.textContent).to.equal('Erneut versuchen');
    const r = retry.getBoundingClientRect();
    await sendMouse({
      type: 'click',
      position: [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)],
    });
    await waitUntil(() => labels(el).length === 2, 'list after retry');
    expect(input(el).value).to.equal('Ber');
  });

  it('retries with Enter from the keyboard', async () => {
    let fail = true;
    const srv = fakeServer((url) =>
      fail ? { status: 502, body: 'Bad Gateway' } : defaultAnswer(url),
    );
    const { el } = await setup(srv);
    await typeIn(el, 'Ber');
    await waitUntil(() => statusText(el).startsWith('Beim Dienst ist ein Fehler aufgetreten.'));
    fail = false;
    await press('Enter');
    await waitUntil(() => labels(el).length === 2);
  });

  it('backs off on 429 and then sends only the final text', async () => {
    let limited = true;
    const srv = fakeServer((url) =>
      limited
        ? {
            status: 429,
            headers: { 'Retry-After': '1' },
            body: { messageCode: 'TOO_MANY', message: 'slow down' },
          }
        : defaultAnswer(url),
    );
    const { el } = await setup(srv);
    input(el).focus();
    await el.listReady;
    const time = fakeTime();
    try {
      await type('Ber');
      await time.until(
        () => statusText(el).startsWith('Der Dienst ist gerade überlastet.'),
        'the 429 shown',
      );
      limited = false;
      await type('lin');
      // Retry-After: 1 s from the 429, which came at most 10 ms (one step of until) ago
      await time.clock.tickAsync(980);
      expect(srv.urls.length, 'nothing sent during the back-off').to.equal(1);
      await time.until(() => labels(el).length === 2, 'final text sent after the back-off');
    } finally {
      time.restore();
    }
    expect(srv.urls.map((u) => u.searchParams.get('i'))).to.deep.equal(['Ber', 'Berlin']);
  });

  it('backs off on 503 without Retry-After too', async () => {
    let n = 0;
    const srv = fakeServer((url) =>
      n++ === 0 ? { status: 503, body: 'busy' } : defaultAnswer(url),
    );
    const { el } = await setup(srv);
    await typeIn(el, 'Ber');
    await waitUntil(() => statusText(el).startsWith('Der Dienst ist gerade überlastet.'));
    await waitUntil(() => labels(el).length === 2, 'retried', { timeout: 3000 });
  });

  it('detects being offline and searches when back online', async () => {
    const { el, srv } = await setup();
    let online = false;
    sinon.stub(navigator, 'onLine').get(() => online);
    await typeIn(el, 'Ber');
    await waitUntil(() => statusText(el).startsWith('Ihr Gerät ist offline.'));
    expect(srv.urls.length).to.equal(0);
    online = true;
    window.dispatchEvent(new Event('online'));
    await waitUntil(() => labels(el).length === 2);
  });

  it('refines a complete earlier answer at once, then shows exactly the server answer', async () => {
    const slow = deferred();
    const srv = fakeServer((url) => {
      const i = url.searchParams.get('i');
      if (i === 'Berlin') return { body: [item('region', '1276003', 'Berlin')], gate: slow.gate };
      return { body: i === 'Ber' ? answers.ber : answers.berl };
    });
    const { el } = await setup(srv);
    await typeIn(el, 'Ber');
    await waitUntil(() => labels(el).length === 2);
    await type('lin');
    await el.updateComplete;
    expect(labels(el), 'local refinement of the complete "Ber" answer').to.deep.equal(['Berlin']);
    const marks = [...optionEls(el)[0].querySelectorAll('mark')].map((m) => m.textContent);
    expect(marks).to.deep.equal(['Berlin']);
    slow.release();
    await waitUntil(
      () => shadow(el).querySelector('[part~=group-label]')?.textContent?.trim() === 'Bundesländer',
    );
    expect(labels(el)).to.deep.equal(['Berlin']);
  });

  it('uses the v1 region search through the client adapter', async () => {
    const srv = fakeServer((url) => ({
      body: {
        'region.regions': [
          {
            region: [
              { name: 'Berlin', geoCodeId: 1276003001, amount: 0 },
              { name: 'Bernau', geoCodeId: 1276004002, amount: 0 },
            ],
          },
        ],
      },
      headers: {
        'Content-Type': url.pathname.endsWith('/region') ? 'application/json' : 'application/json',
      },
    }));
    const { el } = await setup(srv);
    el.api = 'v1';
    await typeIn(el, 'Ber');
    await waitUntil(() => labels(el).length === 2);
    expect(srv.urls[0].pathname).to.equal('/fake/search/v1.0/region');
    expect(srv.urls[0].searchParams.get('q')).to.equal('Ber');
    expect(shadow(el).querySelector('[part~=group-label]')!.textContent!.trim()).to.equal(
      'Regionen',
    );
    const ev = oneEvent(el, 'geo-select') as Promise<GeoSelectEvent>;
    await press('ArrowDown');
    await press('Enter');
    expect((await ev).suggestion.entity.id).to.equal('1276003001');
  });

  it('resolves the entity on selection', async () => {
    const { el, srv } = await setup();
    el.resolve = 'WGS84';
    await typeIn(el, 'Berl');
    await waitUntil(() => labels(el).length === 1);
    const ev = oneEvent(el, 'geo-select') as Promise<GeoSelectEvent>;
    await press('ArrowDown');
    await press('Enter');
    const e = await ev;
    expect(e.entity?.geoData).to.deep.equal({ lat: 52.52, lon: 13.41 });
    const u = srv.urls[srv.urls.length - 1];
    expect(u.pathname).to.equal('/fake/gis/v2.0/geoautocomplete/DEU/entity/1276003001');
    expect(u.searchParams.get('g')).to.equal('WGS84');
  });

  it('aborts in flight requests on disconnect', async () => {
    const slow = deferred();
    const srv = fakeServer((url) => ({ ...defaultAnswer(url), gate: slow.gate }));
    const { el } = await setup(srv);
    await typeIn(el, 'Ber');
    await waitUntil(() => srv.urls.length === 1);
    el.remove();
    await waitUntil(() => srv.aborted.length === 1);
  });
});

describe('geo-autocomplete: value and forms', () => {
  it('submits the id under name and the label under <name>-label; validity with required', async () => {
    const { el } = await setup(
      undefined,
      html`<form><geo-autocomplete name="ort" required></geo-autocomplete><button>Senden</button></form>`,
    );
    const form = el.closest('form')!;
    expect(el.checkValidity()).to.be.false;
    expect(el.validity.valueMissing).to.be.true;
    expect(el.validationMessage).to.equal('Bitte einen Ort eingeben.');
    await typeIn(el, 'Berl');
    await waitUntil(() => labels(el).length === 1);
    await press('ArrowDown');
    await press('Enter');
    await settle(el);
    const fd = new FormData(form);
    expect(fd.get('ort')).to.equal('1276003001');
    expect(fd.get('ort-label')).to.equal('Berlin');
    expect(el.checkValidity()).to.be.true;
    el.labelName = 'ort_name';
    await el.updateComplete;
    expect(new FormData(form).get('ort_name')).to.equal('Berlin');
  });

  it('must-pick: typed text that was not picked is invalid; leaving edited text clears the value', async () => {
    const { el } = await setup(
      undefined,
      html`<form><geo-autocomplete name="ort" must-pick></geo-autocomplete></form>`,
    );
    const changes = sinon.spy();
    el.addEventListener('change', changes);
    await typeIn(el, 'Berl');
    await settle(el);
    expect(el.checkValidity()).to.be.false;
    expect(el.validationMessage).to.equal('Bitte einen Vorschlag aus der Liste wählen.');
    expect(input(el).getAttribute('aria-invalid')).to.equal('true');
    await waitUntil(() => labels(el).length === 1);
    await press('ArrowDown');
    await press('Enter');
    await settle(el);
    expect(el.checkValidity()).to.be.true;
    await type('x');
    input(el).blur();
    await settle(el);
    expect(el.value).to.equal('');
    expect(changes.callCount).to.equal(2);
    expect(new FormData(el.closest('form')!).get('ort')).to.equal('');
    expect(el.checkValidity()).to.be.false;
  });

  it('sets value from code without events and shows the entity label; clears with ""', async () => {
    const { el, srv } = await setup();
    const spy = sinon.spy();
    for (const t of ['input', 'change', 'geo-select']) el.addEventListener(t, spy);
    el.value = '1276003001';
    await waitUntil(() => input(el).value === 'Berlin', 'label fetched');
    expect(srv.urls[0].pathname).to.equal('/fake/gis/v2.0/geoautocomplete/DEU/entity/1276003001');
    el.value = '';
    await settle(el);
    expect(input(el).value).to.equal('');
    expect(spy.called).to.be.false;
  });

  it('resets to the value attribute and restores saved state', async () => {
    const srv = fakeServer(defaultAnswer);
    const { el } = await setup(
      srv,
      html`<form><geo-autocomplete name="ort" value="1276003001" .client=${srv.client}></geo-autocomplete></form>`,
    );
    await waitUntil(() => input(el).value === 'Berlin', 'label of the value attribute');
    await typeIn(el, 'Bern');
    el.closest('form')!.reset();
    await waitUntil(
      () => input(el).value === 'Berlin' && el.value === '1276003001',
      'reset to the default',
    );
    el.formStateRestoreCallback(JSON.stringify(['1276003', 'Berlin (Land)', 'region']), 'restore');
    await settle(el);
    expect(el.value).to.equal('1276003');
    expect(input(el).value).to.equal('Berlin (Land)');
    expect(el.selected?.entity.type).to.equal('region');
    expect(new FormData(el.closest('form')!).get('ort-label')).to.equal('Berlin (Land)');
  });

  it('takes browser autofill: searches at once and picks the exact match', async () => {
    const { el } = await setup();
    const ev = oneEvent(el, 'geo-select') as Promise<GeoSelectEvent>;
    el.formStateRestoreCallback('berlin', 'autocomplete');
    expect((await ev).suggestion.entity.id).to.equal('1276003001');
    expect(el.value).to.equal('1276003001');
  });

  it('keeps a value set before the element was upgraded', async () => {
    const srv = fakeServer(defaultAnswer);
    const tag = `geo-late-${Math.random().toString(36).slice(2)}`;
    const el = document.createElement(tag) as GeoAutocomplete;
    (el as unknown as { client: unknown }).client = srv.client;
    el.value = '1276003001';
    document.body.append(el);
    customElements.define(tag, class extends GeoAutocomplete {});
    try {
      await waitUntil(
        () => el.shadowRoot?.querySelector('input')?.value === 'Berlin',
        'pre-upgrade value shown',
      );
      expect(el.value).to.equal('1276003001');
    } finally {
      el.remove();
    }
  });

  it('clear button empties the field and fires change', async () => {
    const { el } = await setup();
    await typeIn(el, 'Berl');
    await waitUntil(() => labels(el).length === 1);
    await press('ArrowDown');
    await press('Enter');
    await settle(el);
    const change = oneEvent(el, 'change');
    const btn = shadow(el).querySelector<HTMLButtonElement>('[part~=clear]')!;
    expect(btn.getAttribute('aria-label')).to.equal('Eingabe löschen');
    btn.click();
    await change;
    expect(el.value).to.equal('');
    expect(input(el).value).to.equal('');
    expect(shadow(el).activeElement).to.equal(input(el));
  });

  it('offers recent selections on focus when enabled (off by default)', async () => {
    const { el } = await setup();
    el.recent = true;
    await typeIn(el, 'Berl');
    await waitUntil(() => labels(el).length === 1);
    await press('ArrowDown');
    await press('Enter');
    await settle(el);
    const { el: el2 } = await setup();
    input(el2).focus();
    await settle(el2);
    expect(labels(el2), 'off by default').to.deep.equal([]);
    const { el: el3 } = await setup(undefined, html`<geo-autocomplete recent></geo-autocomplete>`);
    input(el3).focus();
    await waitUntil(() => labels(el3).join() === 'Berlin');
    expect(shadow(el3).querySelector('[part~=group-label]')!.textContent!.trim()).to.equal(
      'Zuletzt gewählt',
    );
    await expect(el3).to.be.accessible();
  });
});
