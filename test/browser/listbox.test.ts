// The shared listbox controller (src/shared/listbox.ts), with real keys (press/type): first on
// two small hosts (a combobox and a focusable listbox), then the same promises on every
// element that uses it.
import { expect, fixture, html as fhtml, waitUntil } from '@open-wc/testing';
import { LitElement, html } from 'lit';
import sinon from 'sinon';
import { ListboxController, step } from '../../src/shared/listbox.js';
import type { GeoAutocomplete } from '../../src/elements/geo-autocomplete/geo-autocomplete.js';
import type { ProjectPicker } from '../../src/elements/project-picker/project-picker.js';
import { describe, it, press, type } from './helpers/index.js';

const NAMES = ['Aachen', 'Berlin', 'Bremen', 'Bonn', 'Dresden', 'Essen', 'Erfurt'];

/** A minimal combobox: a text box that owns a list shown while `open`. */
class TestCombo extends LitElement {
  static override properties = { open: { type: Boolean } };
  open = true;
  picked: string[] = [];
  closed = 0;
  readonly lb = new ListboxController(this, {
    kind: 'combobox',
    owner: () => this.renderRoot.querySelector('input'),
    options: () => [...this.renderRoot.querySelectorAll<HTMLElement>('[role=option]')],
    open: () => this.open,
    pick: (el) => {
      this.picked.push(el.textContent!);
      this.open = false;
    },
    close: () => {
      this.closed++;
      this.open = false;
    },
  });
  override render() {
    return html`<input role="combobox" aria-controls="lb" aria-expanded=${this.open} aria-label="Ort" value="Bad Soden"
        @keydown=${(e: KeyboardEvent) => this.lb.keydown(e)} />
      <div id="lb" role="listbox" ?hidden=${!this.open}>
        ${NAMES.map((n, i) => html`<div role="option" id="o${i}" aria-selected="false">${n}</div>`)}
      </div>`;
  }
}
customElements.define('test-combo', TestCombo);

/** A minimal focusable listbox (project-picker's kind). */
class TestList extends LitElement {
  static override properties = { names: { attribute: false } };
  names = NAMES;
  picked: string[] = [];
  readonly lb = new ListboxController(this, {
    kind: 'listbox',
    owner: () => this.renderRoot.querySelector<HTMLElement>('[role=listbox]'),
    options: () => [...this.renderRoot.querySelectorAll<HTMLElement>('[role=option]')],
    pick: (el) => this.picked.push(el.textContent!),
  });
  override render() {
    return html`<ul role="listbox" tabindex="0" aria-label="Städte" @keydown=${(e: KeyboardEvent) => this.lb.keydown(e)}
      @focus=${() => this.lb.focus()}>
      ${this.names.map((n) => html`<li role="option" id=${'c-' + n} aria-selected="false">${n}</li>`)}
    </ul>`;
  }
}
customElements.define('test-list', TestList);

const active = (root: ShadowRoot, owner: string) => {
  const id = root.querySelector(owner)!.getAttribute('aria-activedescendant');
  return id ? root.getElementById(id)?.textContent : null;
};

describe('listbox controller: step()', () => {
  it('maps keys to indexes (wrapping or clamped, horizontal only when asked)', () => {
    expect(step('ArrowDown', -1, 5)).to.equal(0);
    expect(step('ArrowDown', 4, 5)).to.equal(4);
    expect(step('ArrowDown', 4, 5, { wrap: true })).to.equal(0);
    expect(step('ArrowUp', -1, 5, { wrap: true })).to.equal(4);
    expect(step('ArrowUp', 0, 5)).to.equal(0);
    expect(step('End', 1, 5)).to.equal(4);
    expect(step('PageDown', 0, 25)).to.equal(10);
    expect(step('PageUp', 3, 25)).to.equal(0);
    expect(step('ArrowRight', 1, 5)).to.equal(undefined);
    expect(step('ArrowRight', 1, 5, { horizontal: true })).to.equal(2);
    expect(step('ArrowDown', -1, 0)).to.equal(undefined);
    expect(step('a', 0, 5)).to.equal(undefined);
  });
});

describe('listbox controller: combobox', () => {
  async function combo() {
    const el = await fixture<TestCombo>(fhtml`<test-combo></test-combo>`);
    const input = el.shadowRoot!.querySelector('input')!;
    input.focus();
    return { el, input, root: el.shadowRoot! };
  }

  it('↓/↑ move the active option (wrapping), marked by aria-activedescendant and aria-selected', async () => {
    const { root } = await combo();
    expect(active(root, 'input')).to.equal(null);
    await press('ArrowDown');
    expect(active(root, 'input')).to.equal('Aachen');
    expect(root.querySelector('#o0')!.getAttribute('aria-selected')).to.equal('true');
    await press('ArrowUp');
    expect(active(root, 'input')).to.equal('Erfurt');
    expect(root.querySelector('#o0')!.getAttribute('aria-selected')).to.equal('false');
    expect(root.querySelectorAll('[aria-selected=true]').length).to.equal(1);
  });

  for (const key of ['ArrowLeft', 'ArrowRight']) {
    it(`${key} with an option active returns to the text box: no active option, caret moves, a later Enter does not pick`, async () => {
      const { el, input, root } = await combo();
      input.setSelectionRange(4, 4);
      await press('ArrowDown');
      await press('ArrowDown');
      expect(active(root, 'input')).to.equal('Berlin');
      await press(key);
      expect(input.hasAttribute('aria-activedescendant')).to.equal(false);
      expect(root.querySelectorAll('[aria-selected=true]').length).to.equal(0);
      expect(input.selectionStart).to.equal(key === 'ArrowLeft' ? 3 : 5);
      await press('Enter');
      expect(el.picked).to.deep.equal([]);
      expect(input.value).to.equal('Bad Soden');
    });
  }

  it('Home and End always move the caret: with no option active, and with one (which they clear)', async () => {
    const { input, root } = await combo();
    input.setSelectionRange(4, 4);
    await press('Home');
    expect(input.selectionStart).to.equal(0);
    await press('End');
    expect(input.selectionStart).to.equal(9);
    await press('ArrowDown');
    await press('Home');
    expect(input.hasAttribute('aria-activedescendant')).to.equal(false);
    expect(input.selectionStart).to.equal(0);
    await press('ArrowDown');
    await press('End');
    expect(input.hasAttribute('aria-activedescendant')).to.equal(false);
    expect(input.selectionStart).to.equal(9);
    expect(active(root, 'input')).to.equal(null);
  });

  it('Enter with no active option keeps the text and closes the list', async () => {
    const { el, input } = await combo();
    await press('Enter');
    expect(el.closed).to.equal(1);
    expect(el.open).to.equal(false);
    expect(input.value).to.equal('Bad Soden');
    expect(el.picked).to.deep.equal([]);
  });

  it('Enter on the active option picks it; PageDown moves by ten, clamped', async () => {
    const { el } = await combo();
    await press('PageDown');
    expect(active(el.shadowRoot!, 'input')).to.equal('Erfurt');
    await press('Enter');
    expect(el.picked).to.deep.equal(['Erfurt']);
  });

  it('keys do nothing while the list is closed', async () => {
    const { el, input } = await combo();
    el.open = false;
    await el.updateComplete;
    await press('ArrowDown');
    expect(input.hasAttribute('aria-activedescendant')).to.equal(false);
  });
});

describe('listbox controller: focusable listbox', () => {
  async function list() {
    const el = await fixture<TestList>(fhtml`<test-list></test-list>`);
    const root = el.shadowRoot!;
    root.querySelector<HTMLElement>('[role=listbox]')!.focus();
    return { el, root };
  }
  const act = (root: ShadowRoot) => active(root, '[role=listbox]');

  it('focus shows the first option active; ↓/↑ clamp; Home/End; PageUp', async () => {
    const { root } = await list();
    expect(act(root)).to.equal('Aachen');
    await press('ArrowUp');
    expect(act(root)).to.equal('Aachen');
    await press('End');
    expect(act(root)).to.equal('Erfurt');
    await press('ArrowDown');
    expect(act(root)).to.equal('Erfurt');
    await press('Home');
    expect(act(root)).to.equal('Aachen');
    expect(root.querySelectorAll('.active').length).to.equal(1);
  });

  it('type-ahead: a prefix jumps, a repeated letter cycles, a pause starts over', async () => {
    const { root } = await list();
    // The controller times the pause with performance.now(): a stubbed clock stands still
    // while the keys arrive (however slow the engine) and jumps past the pause.
    let t = performance.now();
    const now = sinon.stub(performance, 'now').callsFake(() => t);
    const clock = { tick: (ms: number) => (t += ms) };
    try {
      await type('bre');
      expect(act(root)).to.equal('Bremen');
      clock.tick(700);
      await type('e');
      expect(act(root)).to.equal('Essen');
      await type('e');
      expect(act(root)).to.equal('Erfurt');
      clock.tick(700);
      await type('b');
      expect(act(root)).to.equal('Berlin');
      await type('b');
      expect(act(root)).to.equal('Bremen');
    } finally {
      now.restore();
    }
  });

  it('Space and Enter pick the active option', async () => {
    const { el } = await list();
    await press('ArrowDown');
    await press('Space');
    await press('ArrowDown');
    await press('Enter');
    expect(el.picked).to.deep.equal(['Berlin', 'Bremen']);
  });

  it('the active option follows its id through a re-render; when it is gone the first is active again', async () => {
    const { el, root } = await list();
    await press('End');
    el.names = ['Erfurt', 'Aachen'];
    await el.updateComplete;
    expect(act(root)).to.equal('Erfurt');
    expect(root.querySelector('#c-Erfurt')!.classList.contains('active')).to.equal(true);
    expect(root.querySelector('#c-Aachen')!.classList.contains('active')).to.equal(false);
    el.names = ['Bonn', 'Dresden'];
    await el.updateComplete;
    expect(act(root)).to.equal('Bonn');
    expect(root.querySelectorAll('.active').length).to.equal(1);
  });
});

// ---- every element that uses it ------------------------------------------------------

describe('listbox controller in geo-autocomplete (combobox)', () => {
  const BERLIN = [
    {
      entity: { type: 'city', id: '1276003001', label: 'Berlin' },
      matches: [{ offset: 0, length: 3 }],
    },
    {
      entity: { type: 'quarterOrTown', id: '1276003001046', label: 'Berlin - Mitte (Mitte)' },
      matches: [{ offset: 0, length: 3 }],
    },
    {
      entity: { type: 'postcode', id: '210117', label: '10117 Berlin' },
      matches: [{ offset: 6, length: 3 }],
    },
  ];
  async function geo() {
    await import('../../src/elements/geo-autocomplete/define.js');
    const el = await fixture<GeoAutocomplete>(fhtml`<geo-autocomplete></geo-autocomplete>`);
    el.client = {
      suggestGeo: async () => BERLIN,
      suggestGeoV1: async () => [],
      getGeoEntity: async () => {
        throw new Error('unused');
      },
    };
    el.debounce = 0;
    await el.updateComplete;
    const input = el.shadowRoot!.querySelector('input')!;
    input.focus();
    await type('Berl');
    await waitUntil(
      () =>
        el.shadowRoot!.querySelectorAll('[role=option]').length === 3 &&
        el.shadowRoot!.querySelector('[popover]')!.matches(':popover-open'),
    );
    return { el, input, root: el.shadowRoot! };
  }
  const popupOpen = (el: GeoAutocomplete) =>
    el.shadowRoot!.querySelector('[popover]')!.matches(':popover-open');

  for (const key of ['ArrowLeft', 'ArrowRight', 'Home', 'End']) {
    it(`${key} with an option active clears it (aria-activedescendant removed), moves the caret, and a later Enter picks nothing`, async () => {
      const { el, input, root } = await geo();
      input.setSelectionRange(2, 2);
      await press('ArrowDown');
      await press('ArrowDown');
      expect(active(root, 'input')).to.contain('Berlin - Mitte');
      await press(key);
      expect(input.hasAttribute('aria-activedescendant')).to.equal(false);
      expect(root.querySelectorAll('[role=option][aria-selected=true]').length).to.equal(0);
      expect(input.selectionStart).to.equal({ ArrowLeft: 1, ArrowRight: 3, Home: 0, End: 4 }[key]);
      await press('Enter');
      await el.updateComplete;
      expect(el.value).to.equal('');
      expect(input.value).to.equal('Berl');
      expect(popupOpen(el), 'Enter with no active option closes').to.equal(false);
    });
  }

  it('Home/End with the list open and no option active move the caret', async () => {
    const { input } = await geo();
    await press('Home');
    expect(input.selectionStart).to.equal(0);
    await press('End');
    expect(input.selectionStart).to.equal(4);
    expect(input.hasAttribute('aria-activedescendant')).to.equal(false);
  });

  it('Enter with no active option keeps the text and closes the list; Enter on an option picks it', async () => {
    const { el, input } = await geo();
    await press('Enter');
    await el.updateComplete;
    expect(popupOpen(el)).to.equal(false);
    expect(input.value).to.equal('Berl');
    await press('ArrowUp');
    await waitUntil(
      () => input.hasAttribute('aria-activedescendant'),
      'ArrowUp opens on the last option',
    );
    await press('Enter');
    await waitUntil(() => el.value === '210117');
    expect(input.value).to.equal('10117 Berlin');
  });
});

describe('listbox controller in project-picker (two focusable listboxes, against the sandbox)', () => {
  const API = '/restapi/api';
  async function picker() {
    await import('../../src/elements/project-picker/define.js');
    await fetch(`${API}/sandbox/reset`, { method: 'POST' });
    const fx = (await (await fetch(`${API}/sandbox/fixtures`)).json()) as {
      projects: { basicFew: string };
    };
    const r = await fetch(`${API}/sandbox/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"user":"demo"}',
    });
    const { token } = (await r.json()) as { token: string };
    const el = await fixture<ProjectPicker>(
      fhtml`<project-picker .token=${token} project-id=${fx.projects.basicFew}></project-picker>`,
    );
    const root = el.shadowRoot!;
    await waitUntil(
      () => root.querySelectorAll('#pl [role=option]').length > 2,
      'projects listed',
      { timeout: 8000 },
    );
    return { el, root, fx };
  }

  it('project list: focus starts on the chosen project; ↓/↑ clamp; Home/End; ←/→ do nothing; Enter chooses', async () => {
    const { el, root, fx } = await picker();
    const list = root.querySelector<HTMLElement>('#pl')!;
    const opts = [...list.querySelectorAll<HTMLElement>('[role=option]')];
    const chosen = opts.findIndex((o) => o.getAttribute('aria-selected') === 'true');
    list.focus();
    expect(list.getAttribute('aria-activedescendant')).to.equal(`p${chosen}`);
    expect(el.projectId).to.equal(fx.projects.basicFew);
    await press('Home');
    expect(list.getAttribute('aria-activedescendant')).to.equal('p0');
    await press('ArrowUp');
    expect(list.getAttribute('aria-activedescendant')).to.equal('p0');
    await press('ArrowRight');
    expect(list.getAttribute('aria-activedescendant')).to.equal('p0');
    await press('End');
    expect(list.getAttribute('aria-activedescendant')).to.equal(`p${opts.length - 1}`);
    await press('ArrowDown');
    expect(list.getAttribute('aria-activedescendant')).to.equal(`p${opts.length - 1}`);
    expect(root.querySelectorAll('#pl .active').length).to.equal(1);
    await press('Enter');
    await waitUntil(() => el.projectId !== fx.projects.basicFew, 'Enter chose the last project');
    expect(opts[opts.length - 1]!.getAttribute('aria-selected')).to.equal('true');
  });

  it('listing list: the active listing keeps its place while the search filters (by id), Space toggles it', async () => {
    const { root } = await picker();
    root.querySelector<HTMLElement>('[part~=add-button], #add')!.click();
    await waitUntil(() => root.querySelectorAll('#lb [role=option]').length > 2, 'own listings', {
      timeout: 8000,
    });
    const lb = root.querySelector<HTMLElement>('#lb')!;
    lb.focus();
    // the last listing that can be chosen (a published one)
    const all = [...lb.querySelectorAll<HTMLElement>('[role=option]')];
    const k = all.map((o) => o.getAttribute('aria-disabled')).lastIndexOf('false');
    await press('End');
    for (let i = all.length - 1; i > k; i--) await press('ArrowUp');
    const last = all[k]!;
    expect(lb.getAttribute('aria-activedescendant')).to.equal(last.id);
    const title = last.querySelector('.name')!.textContent!;
    const search = root.querySelector<HTMLInputElement>('#q')!;
    search.focus();
    await type(title);
    await waitUntil(() => root.querySelectorAll('#lb [role=option]').length < 3, 'filtered');
    const now = root.querySelector<HTMLElement>('#lb')!;
    expect(now.getAttribute('aria-activedescendant')).to.equal(last.id);
    expect(root.querySelector(`#${last.id}`)!.classList.contains('active')).to.equal(true);
    now.focus();
    await press('Space');
    await waitUntil(
      () => root.querySelector(`#${last.id}`)!.getAttribute('aria-selected') === 'true',
      'Space chose it',
    );
  });
});

describe('listbox controller key map in region-stats (the chart moves its tab stop with step())', () => {
  it('arrows on both axes, Home/End and PageDown/PageUp move between the bars, clamped', async () => {
    await import('../../src/elements/region-stats/define.js');
    const child = (i: number) => ({
      type: 'Quarter',
      name: `Teil ${String(i).padStart(2, '0')}`,
      geoCodeId: String(1000 + i),
      statistics: [{ realEstateType: 'APARTMENT_RENT', count: 100 - i }],
    });
    const data = {
      parent: {
        type: 'City',
        name: 'Stadt',
        geoCodeId: '1',
        statistics: [{ realEstateType: 'APARTMENT_RENT', count: 5000 }],
      },
      children: Array.from({ length: 14 }, (_, i) => child(i)),
    };
    const el = await fixture<HTMLElement & { updateComplete: Promise<boolean> }>(
      fhtml`<region-stats .data=${data}></region-stats>`,
    );
    // the ten largest show first; "show all" draws the other four
    await waitUntil(() => el.shadowRoot!.querySelector('button.more'), 'chart drawn', {
      timeout: 5000,
    });
    el.shadowRoot!.querySelector<HTMLButtonElement>('button.more')!.click();
    await waitUntil(
      () => el.shadowRoot!.querySelectorAll('.bar-group').length === 14,
      'all bars drawn',
      { timeout: 5000 },
    );
    const bars = () => [...el.shadowRoot!.querySelectorAll<HTMLElement>('.bar-group')];
    const at = () => bars().indexOf(el.shadowRoot!.activeElement as HTMLElement);
    bars()[0]!.focus();
    await press('ArrowUp');
    expect(at()).to.equal(0);
    await press('ArrowRight');
    expect(at()).to.equal(1);
    await press('PageDown');
    expect(at()).to.equal(11);
    await press('PageDown');
    expect(at()).to.equal(13);
    await press('ArrowLeft');
    expect(at()).to.equal(12);
    await press('Home');
    expect(at()).to.equal(0);
    await press('End');
    expect(at()).to.equal(13);
    await press('PageUp');
    expect(at()).to.equal(3);
  });
});
