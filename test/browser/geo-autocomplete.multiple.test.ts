// <geo-autocomplete multiple>: several places in one field as chips, by keyboard
// and mouse, announced in both languages, in forms, set from script, axe-clean, at 390 and
// 1280 px.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import '../../src/elements/geo-autocomplete/define.js';
import type { GeoAutocomplete } from '../../src/elements/geo-autocomplete/geo-autocomplete.js';
import { ApiError, type GeoSuggestion } from '../../src/api/index.js';
import type { GeoRemoveEvent, GeoSelectEvent } from '../../src/elements/geo-autocomplete/events.js';
import {
  describe,
  fakeServer,
  input,
  isOpen,
  it,
  liveText,
  optionEls,
  placesAnswer,
  settle,
  shadow,
} from './geo-autocomplete.helpers.js';
import { after, engine, findAccessible, press, setViewport, type } from './helpers/index.js';

/** A quarter as the service suggests it. */
const q = (id: string, label: string): GeoSuggestion => ({
  entity: { type: 'quarterOrTown', id, label },
  matches: [{ offset: 0, length: 2 }],
});
const QUARTERS: GeoSuggestion[] = [
  q('1276003001047', 'Kreuzberg'),
  q('1276003001063', 'Neukölln'),
  q('1276003001023', 'Friedrichshain'),
  q('1276003001046', 'Mitte'),
  q('1276003001070', 'Prenzlauer Berg'),
];
const ID = Object.fromEntries(QUARTERS.map((q) => [q.entity.label, q.entity.id]));
// Every quarter for any text of two letters or more (the list a visitor goes on choosing from).
const answer = (url: URL) =>
  url.pathname.includes('/entity/')
    ? placesAnswer(QUARTERS as Parameters<typeof placesAnswer>[0])(url)
    : { body: QUARTERS };

const chipEls = (el: GeoAutocomplete) => [
  ...shadow(el).querySelectorAll<HTMLElement>('[part~=chip]'),
];
const chipLabels = (el: GeoAutocomplete) =>
  chipEls(el).map((c) => c.querySelector('[part~=chip-label]')!.textContent);
const removeButton = (el: GeoAutocomplete, i: number) => chipEls(el)[i]!.querySelector('button')!;
/** What has the focus in the element: 'text', or the name of a chip's remove button (strings, so a failed check prints briefly). */
const focused = (el: GeoAutocomplete) => {
  const a = shadow(el).activeElement;
  return a === input(el) ? 'text' : (a?.getAttribute('aria-label') ?? a?.localName ?? 'nothing');
};
const selectedLabels = (el: GeoAutocomplete) =>
  optionEls(el)
    .filter((o) => o.getAttribute('aria-selected') === 'true')
    .map((o) => o.textContent!.trim());

/** `multiple`'s module has arrived (its chip list, hidden while empty, is in the field). */
const loaded = (el: GeoAutocomplete) =>
  waitUntil(() => shadow(el).querySelector('[part~=chips]'), 'multiple.ts loaded');

/** An element with `multiple` in a form, the fake service, and the events it fires. */
async function setup(
  attrs: {
    max?: number;
    lang?: string;
    required?: boolean;
    mustPick?: boolean;
    value?: string;
  } = {},
) {
  const srv = fakeServer(answer);
  // (the client before the element connects: the labels of `value` are looked up at once)
  const form =
    await fixture<HTMLFormElement>(html`<form action="javascript:void 0" lang=${attrs.lang ?? 'de'}>
    <geo-autocomplete multiple name="orte" label="Stadtteile" .client=${srv.client} debounce="0" max=${attrs.max ?? 0} ?required=${attrs.required} ?must-pick=${attrs.mustPick} value=${attrs.value ?? ''}></geo-autocomplete>
    <button>Suchen</button><button type="reset">Zurücksetzen</button>
  </form>`);
  const el = form.querySelector('geo-autocomplete')!;
  await el.updateComplete;
  const events: string[] = [];
  el.addEventListener('geo-select', (e: GeoSelectEvent) =>
    events.push(`select:${e.suggestion.entity.label}`),
  );
  el.addEventListener('geo-remove', (e: GeoRemoveEvent) =>
    events.push(`remove:${e.suggestion.entity.label}`),
  );
  for (const t of ['input', 'change'] as const)
    el.addEventListener(t, () => events.push(`${t}:${el.values.length}`));
  return { form, el, events, srv };
}

/** Opens the list with text (the fake service offers every quarter). */
async function openList(el: GeoAutocomplete, text = 'Be') {
  await loaded(el);
  input(el).focus();
  await type(text);
  await waitUntil(
    () => optionEls(el).length === QUARTERS.length && isOpen(el),
    'the quarters listed',
  );
}

describe('geo-autocomplete multiple: keyboard only', () => {
  it('adds three places, moves through the chips, removes the middle one, the last with Backspace twice', async () => {
    const { el, events } = await setup();
    await openList(el);
    expect(
      shadow(el).querySelector('[role=listbox]')!.getAttribute('aria-multiselectable'),
    ).to.equal('true');
    await press('ArrowDown');
    await press('Enter');
    await waitUntil(() => el.values.length === 1, 'first place added');
    await settle(el);
    expect(chipLabels(el)).to.deep.equal(['Kreuzberg']);
    expect(input(el).value, 'the text empties for the next place').to.equal('');
    expect(isOpen(el), 'the list stays open').to.be.true;
    expect(selectedLabels(el), 'the chosen place is marked').to.deep.equal(['Kreuzberg']);
    expect(liveText(el)).to.equal('Kreuzberg hinzugefügt, 1 Ort gewählt');
    await press('ArrowDown');
    await press('Enter');
    await press('ArrowDown');
    await press('Enter');
    await waitUntil(() => el.values.length === 3, 'three places');
    await settle(el);
    expect(el.values).to.deep.equal([ID.Kreuzberg, ID['Neukölln'], ID.Friedrichshain]);
    expect(el.value).to.equal(`${ID.Kreuzberg},${ID['Neukölln']},${ID.Friedrichshain}`);
    expect(chipLabels(el)).to.deep.equal(['Kreuzberg', 'Neukölln', 'Friedrichshain']);
    expect(liveText(el)).to.equal('Friedrichshain hinzugefügt, 3 Orte gewählt');
    expect(events).to.deep.equal([
      'select:Kreuzberg',
      'input:1',
      'change:1',
      'select:Neukölln',
      'input:2',
      'change:2',
      'select:Friedrichshain',
      'input:3',
      'change:3',
    ]);
    events.length = 0;

    // ← at the start of the (empty) text: into the chips, the list closes
    await press('ArrowLeft');
    await settle(el);
    expect(focused(el)).to.equal('Friedrichshain entfernen');
    expect(isOpen(el)).to.be.false;
    await press('ArrowLeft');
    expect(focused(el)).to.equal('Neukölln entfernen');
    await press('ArrowLeft');
    await press('ArrowLeft');
    expect(focused(el), 'stops at the first chip').to.equal('Kreuzberg entfernen');
    await press('ArrowRight');
    expect(focused(el)).to.equal('Neukölln entfernen');
    // Delete on the middle chip: removed, the focus on the next chip
    await press('Delete');
    await settle(el);
    expect(chipLabels(el)).to.deep.equal(['Kreuzberg', 'Friedrichshain']);
    expect(focused(el)).to.equal('Friedrichshain entfernen');
    expect(liveText(el)).to.equal('Neukölln entfernt, 2 Orte gewählt');
    expect(events).to.deep.equal(['remove:Neukölln', 'input:2', 'change:2']);
    // → past the last chip and Escape go back to the text
    await press('ArrowRight');
    expect(focused(el)).to.equal('text');
    await press('ArrowLeft');
    expect(focused(el)).to.equal('Friedrichshain entfernen');
    await press('Escape');
    expect(focused(el)).to.equal('text');
    events.length = 0;

    // Backspace in the empty text selects the last chip, a second one removes it
    await press('Backspace');
    expect(focused(el)).to.equal('Friedrichshain entfernen');
    expect(el.values.length, 'the first Backspace removes nothing').to.equal(2);
    await press('Backspace');
    await settle(el);
    expect(chipLabels(el)).to.deep.equal(['Kreuzberg']);
    expect(focused(el), 'no next chip: the focus goes to the text').to.equal('text');
    expect(el.values).to.deep.equal([ID.Kreuzberg]);
    expect(events).to.deep.equal(['remove:Friedrichshain', 'input:1', 'change:1']);
    await waitUntil(() => liveText(el) === 'Friedrichshain entfernt, 1 Ort gewählt');
  });
});

describe('geo-autocomplete multiple: the limit and the languages', () => {
  it('max: at the limit the field says so, the list offers only removals; choosing a chosen place removes it', async () => {
    const { el, events } = await setup({ max: 2 });
    await openList(el);
    await press('ArrowDown');
    await press('Enter');
    await press('ArrowDown');
    await press('Enter');
    await waitUntil(() => el.values.length === 2, 'two places');
    await settle(el);
    expect(liveText(el)).to.equal('Neukölln hinzugefügt, 2 von 2 Orten gewählt');
    expect(input(el).placeholder, 'the text field says so').to.equal('Höchstens 2 Orte');
    const disabled = optionEls(el)
      .filter((o) => o.getAttribute('aria-disabled') === 'true')
      .map((o) => o.textContent!.trim());
    expect(disabled, 'no more additions').to.deep.equal([
      'Friedrichshain',
      'Mitte',
      'Prenzlauer Berg',
    ]);
    await press('ArrowDown');
    await press('Enter');
    await settle(el);
    expect(el.values, 'nothing added at the limit').to.deep.equal([ID.Kreuzberg, ID['Neukölln']]);
    await waitUntil(() => liveText(el) === 'Höchstens 2 Orte', 'the limit announced');
    expect(isOpen(el)).to.be.true;
    // ↑ to Neukölln, chosen: Enter removes it
    await press('ArrowUp');
    events.length = 0;
    await press('Enter');
    await settle(el);
    expect(el.values).to.deep.equal([ID.Kreuzberg]);
    expect(events).to.deep.equal(['remove:Neukölln', 'input:1', 'change:1']);
    expect(liveText(el)).to.equal('Neukölln entfernt, 1 von 2 Orten gewählt');
    expect(
      optionEls(el).some((o) => o.hasAttribute('aria-disabled')),
      'below the limit again',
    ).to.be.false;
    expect(input(el).placeholder).to.equal('Ort, Stadtteil oder PLZ');
  });

  it('speaks English: announcements, the remove buttons and the chip list', async () => {
    const { el } = await setup({ lang: 'en' });
    await openList(el);
    await press('ArrowDown');
    await press('Enter');
    await waitUntil(() => liveText(el) === 'Kreuzberg added, 1 place chosen', 'addition announced');
    await press('ArrowDown');
    await press('Enter');
    await waitUntil(
      () => liveText(el) === 'Neukölln added, 2 places chosen',
      'second addition announced',
    );
    expect(shadow(el).querySelector('[part~=chips]')!.getAttribute('aria-label')).to.equal(
      'Chosen places',
    );
    await press('Backspace');
    expect(focused(el)).to.equal('Remove Neukölln');
    await press('Backspace');
    await waitUntil(() => liveText(el) === 'Neukölln removed, 1 place chosen', 'removal announced');
    await press('Backspace');
    await press('Delete');
    await waitUntil(
      () => liveText(el) === 'Kreuzberg removed, no place chosen',
      'last removal announced',
    );
    expect(focused(el)).to.equal('text');
    expect(
      shadow(el).querySelector<HTMLElement>('[part~=chips]')!.hidden,
      'an empty chip list is hidden',
    ).to.be.true;
  });
});

/** The middle of an element's box, for sendMouse. */
const middle = (n: Element): [number, number] => {
  const r = n.getBoundingClientRect();
  return [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)];
};

describe('geo-autocomplete multiple: mouse', () => {
  it('adds from the list (which stays open), removes by a chip’s button and by choosing a chosen place again', async () => {
    const { el, events } = await setup();
    await openList(el);
    await sendMouse({ type: 'click', position: middle(optionEls(el)[1]!) });
    await sendMouse({ type: 'click', position: middle(optionEls(el)[3]!) });
    await sendMouse({ type: 'click', position: middle(optionEls(el)[0]!) });
    await waitUntil(() => el.values.length === 3, 'three places');
    await settle(el);
    expect(chipLabels(el)).to.deep.equal(['Neukölln', 'Mitte', 'Kreuzberg']);
    expect(isOpen(el), 'the list stays open').to.be.true;
    expect(focused(el), 'the focus stays in the text').to.equal('text');
    expect(selectedLabels(el)).to.deep.equal(['Kreuzberg', 'Neukölln', 'Mitte']);
    events.length = 0;
    // the chip's remove button
    await sendMouse({ type: 'click', position: middle(removeButton(el, 1)) });
    await settle(el);
    expect(chipLabels(el)).to.deep.equal(['Neukölln', 'Kreuzberg']);
    expect(events).to.deep.equal(['remove:Mitte', 'input:2', 'change:2']);
    expect(focused(el), 'after a click the focus is in the text').to.equal('text');
    expect(selectedLabels(el)).to.deep.equal(['Kreuzberg', 'Neukölln']);
    // a chosen place chosen again in the list
    events.length = 0;
    await sendMouse({ type: 'click', position: middle(optionEls(el)[0]!) });
    await settle(el);
    expect(chipLabels(el)).to.deep.equal(['Neukölln']);
    expect(events).to.deep.equal(['remove:Kreuzberg', 'input:1', 'change:1']);
    expect(isOpen(el)).to.be.true;
    // a click into the field beside the chips puts the caret in the text
    removeButton(el, 0).focus();
    const field = shadow(el).querySelector<HTMLElement>('[part~=field]')!;
    const r = field.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(r.right - 60), Math.round(r.y + 3)] });
    expect(focused(el)).to.equal('text');
  });
});

describe('geo-autocomplete multiple: forms', () => {
  it('submits every id under name and every label under label-name, in order; required and must-pick', async () => {
    const { form, el } = await setup({ required: true, mustPick: true });
    el.labelName = 'orte-namen';
    await el.updateComplete;
    expect(el.validity.valueMissing, 'required: at least one place').to.be.true;
    expect(el.validationMessage).to.equal('Bitte mindestens einen Ort wählen.');
    const submitted: [string, FormDataEntryValue][][] = [];
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      submitted.push([...new FormData(form)]);
    });
    await openList(el);
    await press('ArrowDown');
    await press('ArrowDown');
    await press('Enter');
    await press('ArrowUp');
    await press('Enter');
    await waitUntil(() => el.values.length === 2);
    expect(el.validity.valid).to.be.true;
    expect(
      input(el).required,
      'the empty text box is not required (so never :invalid) once a place is chosen',
    ).to.be.false;
    // text left in the field under must-pick is not a place
    await type('Fri');
    await settle(el);
    expect(el.validity.customError, 'must-pick: typed text not picked').to.be.true;
    expect(el.validationMessage).to.equal('Bitte einen Vorschlag aus der Liste wählen.');
    expect(form.checkValidity()).to.be.false;
    await press('Escape');
    await press('Escape'); // (the second Escape gives the text back: empty)
    await settle(el);
    expect(input(el).value).to.equal('');
    expect(el.validity.valid).to.be.true;
    form.requestSubmit();
    expect(submitted).to.deep.equal([
      [
        ['orte', ID['Neukölln']],
        ['orte', ID.Kreuzberg],
        ['orte-namen', 'Neukölln'],
        ['orte-namen', 'Kreuzberg'],
      ],
    ]);
    expect(new FormData(form).getAll('orte')).to.deep.equal([ID['Neukölln'], ID.Kreuzberg]);
  });

  it('reset brings the value attribute’s places back (labels looked up), and a restored state its chips and text', async () => {
    const { form, el, events, srv } = await setup({ value: `${ID.Mitte}, ${ID.Kreuzberg}` });
    await waitUntil(
      () => chipLabels(el).join() === 'Mitte,Kreuzberg',
      'the labels of the value attribute',
    );
    expect(srv.urls.filter((u) => u.pathname.includes('/entity/')).length).to.equal(2);
    await openList(el);
    await press('ArrowDown');
    await press('ArrowDown');
    await press('Enter');
    await waitUntil(() => el.values.length === 3);
    events.length = 0;
    form.reset();
    await settle(el);
    expect(el.values).to.deep.equal([ID.Mitte, ID.Kreuzberg]);
    expect(chipLabels(el)).to.deep.equal(['Mitte', 'Kreuzberg']);
    expect(input(el).value).to.equal('');
    expect(events, 'a reset fires nothing').to.deep.equal([]);
    el.formStateRestoreCallback(
      JSON.stringify({
        places: [
          [ID.Friedrichshain, 'Friedrichshain', 'quarterOrTown'],
          [ID['Neukölln'], 'Neukölln', 'quarterOrTown'],
        ],
        text: 'Pre',
      }),
      'restore',
    );
    await settle(el);
    expect(chipLabels(el)).to.deep.equal(['Friedrichshain', 'Neukölln']);
    expect(input(el).value).to.equal('Pre');
    expect(new FormData(form).getAll('orte')).to.deep.equal([ID.Friedrichshain, ID['Neukölln']]);
  });

  it('back navigation to the form restores its chips and its text (a real page, left by its submit)', async function () {
    this.timeout(20000);
    const frame = document.createElement('iframe');
    frame.style.cssText = 'width:600px;height:300px';
    const loadedPage = () =>
      new Promise<void>((r) => frame.addEventListener('load', () => r(), { once: true }));
    let arrived = loadedPage();
    frame.src = '/test/browser/geo-autocomplete.multiple.page.html';
    document.body.append(frame);
    try {
      await arrived;
      const inFrame = async () => {
        const w = frame.contentWindow!;
        await w.customElements.whenDefined('geo-autocomplete');
        return w.document.querySelector('geo-autocomplete')!;
      };
      let el = await inFrame();
      // Berlin's quarters of the sandbox, by id: their labels come from its entity resource
      el.values = ['1276003001047', '1276003001063'];
      await waitUntil(
        () => chipLabels(el).join() === 'Berlin - Kreuzberg,Berlin - Neukölln',
        'labels looked up',
        { timeout: 5000 },
      );
      const text = input(el);
      text.value = 'Mit';
      text.dispatchEvent(
        new InputEvent('input', {
          bubbles: true,
          composed: true,
          inputType: 'insertText',
          data: 'Mit',
        }),
      );
      await el.updateComplete;
      // The visitor clicks "Suchen" (a click: WebKit adds no history entry for a frame's navigation without one)
      const entries = history.length;
      arrived = loadedPage();
      const f = frame.getBoundingClientRect();
      const b = frame.contentDocument!.querySelector('button')!.getBoundingClientRect();
      await sendMouse({
        type: 'click',
        position: [Math.round(f.x + b.x + b.width / 2), Math.round(f.y + b.y + b.height / 2)],
      });
      await arrived;
      expect(
        new URL(frame.contentWindow!.location.href).searchParams.getAll('orte'),
        'submitted',
      ).to.deep.equal(['1276003001047', '1276003001063']);
      // (history.back() with no entry of the frame's would take the test page itself back)
      expect(history.length, 'the submit made a history entry').to.equal(entries + 1);
      arrived = loadedPage();
      frame.contentWindow!.history.back();
      await arrived;
      el = await inFrame();
      await waitUntil(() => chipLabels(el).length === 2, 'chips restored', { timeout: 5000 });
      expect(chipLabels(el)).to.deep.equal(['Berlin - Kreuzberg', 'Berlin - Neukölln']);
      expect(el.values).to.deep.equal(['1276003001047', '1276003001063']);
      expect(input(el).value, 'the text left in the field').to.equal('Mit');
    } finally {
      frame.remove();
    }
  });

  it('a disabled fieldset disables the chips', async () => {
    const fs = await fixture<HTMLFieldSetElement>(
      html`<fieldset><geo-autocomplete multiple name="orte"></geo-autocomplete></fieldset>`,
    );
    const el = fs.querySelector('geo-autocomplete')!;
    el.selections = QUARTERS.slice(0, 2);
    await waitUntil(() => chipEls(el).length === 2, 'chips');
    fs.disabled = true;
    await waitUntil(() => input(el).disabled, 'formDisabledCallback');
    expect(chipEls(el).map((c) => c.querySelector('button')!.disabled)).to.deep.equal([true, true]);
    fs.disabled = false;
    await waitUntil(() => !input(el).disabled, 'enabled again with the fieldset');
    expect(chipEls(el).map((c) => c.querySelector('button')!.disabled)).to.deep.equal([
      false,
      false,
    ]);
  });
});

describe('geo-autocomplete multiple: script', () => {
  it('values set from script show the chips with their labels looked up, and fire nothing', async () => {
    const { el, events, srv } = await setup();
    el.values = [ID['Prenzlauer Berg'], ID.Mitte, ID['Prenzlauer Berg']];
    expect(el.values, 'each id once, in order, at once').to.deep.equal([
      ID['Prenzlauer Berg'],
      ID.Mitte,
    ]);
    expect(el.value).to.equal(`${ID['Prenzlauer Berg']},${ID.Mitte}`);
    await waitUntil(() => chipLabels(el).join() === 'Prenzlauer Berg,Mitte', 'labels looked up');
    expect(srv.urls.map((u) => u.pathname.split('/').pop())).to.deep.equal([
      ID['Prenzlauer Berg'],
      ID.Mitte,
    ]);
    expect(el.selections.map((s) => s.entity.label)).to.deep.equal(['Prenzlauer Berg', 'Mitte']);
    // selections carry their labels: no lookup
    el.selections = [QUARTERS[2]!];
    await settle(el);
    expect(chipLabels(el)).to.deep.equal(['Friedrichshain']);
    expect(srv.urls.length).to.equal(2);
    // value: the ids joined by commas
    el.value = `${ID.Kreuzberg},${ID.Friedrichshain}`;
    await waitUntil(() => chipLabels(el).join() === 'Kreuzberg,Friedrichshain');
    expect(el.values).to.deep.equal([ID.Kreuzberg, ID.Friedrichshain]);
    el.values = [];
    await settle(el);
    expect(chipEls(el).length).to.equal(0);
    expect(events, 'code fires no event').to.deep.equal([]);
  });

  it('places known at load are chips from the first render (which waits for multiple.ts), so nothing under the field moves', async () => {
    const el = document.createElement('geo-autocomplete');
    el.multiple = true;
    el.selections = QUARTERS.slice(0, 4);
    const wrap = document.createElement('div');
    wrap.style.width = '390px';
    const under = document.createElement('p');
    under.textContent = 'Darunter';
    wrap.append(el, under);
    document.body.append(wrap);
    try {
      await el.updateComplete;
      expect(chipLabels(el), 'chips in the first render').to.deep.equal([
        'Kreuzberg',
        'Neukölln',
        'Friedrichshain',
        'Mitte',
      ]);
      const top = under.getBoundingClientRect().top;
      await settle(el);
      // every update done, those that updates asked for too
      while (!(await el.updateComplete));
      expect(under.getBoundingClientRect().top).to.equal(top);
    } finally {
      wrap.remove();
    }
  });

  it('keeps every place of values set before multiple (a framework setting properties in any order)', async () => {
    const el = document.createElement('geo-autocomplete');
    el.client = fakeServer(answer).client;
    el.values = [ID.Kreuzberg, ID.Mitte];
    el.multiple = true;
    document.body.append(el);
    try {
      await waitUntil(() => chipLabels(el).join() === 'Kreuzberg,Mitte', 'both places');
      expect(el.values).to.deep.equal([ID.Kreuzberg, ID.Mitte]);
    } finally {
      el.remove();
    }
  });

  it('with resolve: geo-select carries each place’s record, then input and change, in the order of the picks', async () => {
    const { el, events } = await setup();
    // Kreuzberg's record arrives after Neukölln's: Neukölln's events wait for Kreuzberg's
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const srv = fakeServer((url) =>
      url.pathname.endsWith(ID.Kreuzberg!) ? { ...answer(url), gate } : answer(url),
    );
    el.client = srv.client;
    el.resolve = 'WGS84';
    const records: (string | undefined)[] = [];
    el.addEventListener('geo-select', (e) => records.push(e.entity?.id));
    await openList(el);
    await press('ArrowDown');
    await press('Enter');
    await press('ArrowDown');
    await press('Enter');
    await waitUntil(() => el.values.length === 2, 'both places shown at once');
    // Neukölln's record read: events it caused would have been dispatched in that task
    await waitUntil(
      () => srv.answered.some((u) => u.pathname.endsWith(ID['Neukölln']!)),
      'Neukölln’s record read',
    );
    await el.updateComplete;
    expect(events, 'no event before the first record').to.deep.equal([]);
    release();
    await waitUntil(() => events.length === 6, 'both additions reported');
    expect(events).to.deep.equal([
      'select:Kreuzberg',
      'input:2',
      'change:2',
      'select:Neukölln',
      'input:2',
      'change:2',
    ]);
    expect(records).to.deep.equal([ID.Kreuzberg, ID['Neukölln']]);
  });

  it('with resolve and a client of the page that throws a plain error: geo-select carries an ApiError, as for one place', async () => {
    for (const multiple of [true, false]) {
      const { el } = await setup();
      el.multiple = multiple;
      // (a host's own wrapper with ImmoClient's geo methods, whose lookup fails its own way)
      el.client = {
        suggestGeo: () => Promise.resolve(QUARTERS),
        suggestGeoV1: () => Promise.resolve(QUARTERS),
        getGeoEntity: () => Promise.reject(new TypeError('wrapper broke')),
      };
      el.resolve = 'WGS84';
      const errors: unknown[] = [];
      el.addEventListener('geo-select', (e) => errors.push(e.error));
      if (multiple) await loaded(el);
      input(el).focus();
      await type('Be');
      await waitUntil(() => optionEls(el).length === QUARTERS.length && isOpen(el), 'listed');
      await press('ArrowDown');
      await press('Enter');
      await waitUntil(() => errors.length === 1, `geo-select (multiple: ${multiple})`);
      expect(ApiError.is(errors[0]), `an ApiError (multiple: ${multiple})`).to.equal(true);
      expect((errors[0] as ApiError).kind).to.equal('network');
    }
  });
});

describe('geo-autocomplete multiple: accessibility', () => {
  it('is axe-clean with chips, closed and open; the chips are a labelled list of named remove buttons', async () => {
    const { el } = await setup({ max: 3 });
    el.selections = QUARTERS.slice(0, 3);
    await waitUntil(() => chipEls(el).length === 3, 'chips');
    const list = shadow(el).querySelector('[part~=chips]')!;
    expect(list.getAttribute('role')).to.equal('list');
    expect(list.getAttribute('aria-label')).to.equal('Gewählte Orte');
    expect(
      await findAccessible({ role: 'button', name: 'Neukölln entfernen' }),
      'a remove button named after its place',
    ).to.exist;
    await expect(el).to.be.accessible();
    await openList(el);
    expect(optionEls(el).filter((o) => o.getAttribute('aria-disabled') === 'true').length).to.equal(
      2,
    );
    await press('ArrowDown');
    await expect(el).to.be.accessible();
  });
});

describe('geo-autocomplete multiple: layout', () => {
  // (WebKitGTK's driver cannot resize a running session, see layout.test.ts: there the
  // element is in a box of each width, in the window the session started with)
  const resize = engine !== 'webkit';
  const before = [innerWidth, innerHeight] as const;
  after(() => resize && setViewport(...before));
  for (const width of [390, 1280]) {
    it(`at ${width} px: many chips wrap inside the field, which grows, and the popup follows it`, async () => {
      if (resize) {
        await setViewport(width, 844);
        expect(innerWidth, 'the viewport took the width').to.equal(width);
      }
      const wrap = await fixture<HTMLDivElement>(
        html`<div style="padding-top:8px;width:${resize ? 'auto' : `${width}px`}"><geo-autocomplete multiple label="Stadtteile"></geo-autocomplete><p>Text darunter</p></div>`,
      );
      const el = wrap.querySelector('geo-autocomplete')!;
      el.client = fakeServer(answer).client;
      el.debounce = 0;
      const many: GeoSuggestion[] = [
        ...QUARTERS,
        q('1276003001013', 'Charlottenburg-Wilmersdorf (Bezirk)'),
        q('1276003001078', 'Schöneberg'),
        q('1276003001079', 'Tempelhof-Schöneberg (Bezirk mit langem Namen)'),
      ];
      el.selections = many.slice(0, 5);
      await waitUntil(() => chipEls(el).length === 5, 'chips');
      const field = shadow(el).querySelector<HTMLElement>('[part~=field]')!;
      const h0 = field.getBoundingClientRect().height;
      await openList(el);
      const pop = shadow(el).querySelector<HTMLElement>('[popover]')!;
      const below = () => pop.getBoundingClientRect().top - field.getBoundingClientRect().bottom;
      expect(below()).to.be.within(0, 4);
      el.selections = many;
      await settle(el);
      await new Promise((r) => requestAnimationFrame(r));
      const f = field.getBoundingClientRect();
      expect(f.height, 'the field grew').to.be.greaterThan(h0);
      expect(f.width, 'the field fills the page’s width').to.be.closeTo(
        wrap.getBoundingClientRect().width,
        1,
      );
      if (resize)
        expect(
          document.documentElement.scrollWidth,
          'nothing wider than the viewport',
        ).to.be.at.most(width);
      for (const c of chipEls(el)) {
        const r = c.getBoundingClientRect();
        expect(
          r.left >= f.left && r.right <= f.right + 0.5,
          `chip inside the field: ${c.textContent}`,
        ).to.be.true;
      }
      const label = chipEls(el).at(-1)!.querySelector<HTMLElement>('[part~=chip-label]')!;
      expect(getComputedStyle(label).textOverflow, 'a long name ends in an ellipsis').to.equal(
        'ellipsis',
      );
      const text = input(el).getBoundingClientRect();
      expect(text.right <= f.right && text.width >= 100, 'the text keeps room').to.be.true;
      expect(below(), 'the popup follows the grown field').to.be.within(0, 4);
      const p = wrap.querySelector('p')!.getBoundingClientRect();
      expect(p.top, 'the page below moves with the field').to.be.at.least(f.bottom);
    });
  }
});

describe('geo-autocomplete multiple in Angular forms (ngDefaultControl, JIT)', () => {
  it('a FormControl holds the ids joined by commas; writing it shows those chips', async function () {
    this.timeout(30000);
    await import('@angular/compiler'); // JIT: components compile in the page
    const ng = await import('@angular/core');
    const forms = await import('@angular/forms');
    const { bootstrapApplication } = await import('@angular/platform-browser');
    const places = new forms.FormControl('', { nonNullable: true });
    class Search {
      places = places;
    }
    ng.Component({
      selector: 'app-quarters',
      standalone: true,
      imports: [forms.ReactiveFormsModule],
      schemas: [ng.CUSTOM_ELEMENTS_SCHEMA],
      template: `<form><geo-autocomplete multiple name="orte" ngDefaultControl [formControl]="places"></geo-autocomplete></form>`,
    })(Search);
    const host = document.createElement('app-quarters');
    document.body.append(host);
    const ref = await bootstrapApplication(Search as never, {
      providers: [ng.provideZonelessChangeDetection()],
    });
    try {
      const el = host.querySelector('geo-autocomplete')!;
      el.client = fakeServer(answer).client;
      el.debounce = 0;
      await openList(el);
      await press('ArrowDown');
      await press('Enter');
      await press('ArrowDown');
      await press('Enter');
      await waitUntil(
        () => places.value === `${ID.Kreuzberg},${ID['Neukölln']}`,
        'the control holds both ids',
      );
      await press('Backspace');
      await press('Backspace');
      await waitUntil(() => places.value === ID.Kreuzberg, 'a removal reaches the control');
      places.setValue(`${ID.Mitte},${ID.Friedrichshain}`);
      await waitUntil(
        () => chipLabels(el).join() === 'Mitte,Friedrichshain',
        'the written ids as chips',
      );
      expect(el.values).to.deep.equal([ID.Mitte, ID.Friedrichshain]);
    } finally {
      ref.destroy();
      host.remove();
    }
  });
});

/**
 * dist/ as a partner loads it, in a page of its own under a URL no cache has seen
 * (/slow/<page>/dist/: the English chunks held back 500 ms, web-test-runner.config.mjs).
 */
describe('geo-autocomplete multiple: dist/ (the on-demand chunk)', () => {
  let pages = 0;
  /** The page, and every value the chip list's name took (recorded from its shadow root's creation). */
  async function distPage(lang: string, script: string, body: string) {
    const dist = `/slow/multiple${Date.now()}-${++pages}/dist/`;
    const frame = document.createElement('iframe');
    frame.style.cssText = 'width:800px;height:400px';
    frame.srcdoc = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><script>
window.__names = [];
const attach = Element.prototype.attachShadow;
Element.prototype.attachShadow = function (init) {
  const root = attach.call(this, init);
  new MutationObserver(() => {
    const n = root.querySelector('[part~=chips]')?.getAttribute('aria-label');
    if (n && window.__names.at(-1) !== n) window.__names.push(n);
  }).observe(root, { childList: true, subtree: true, attributes: true });
  return root;
};
</script></head><body>${body}<script type="module" src="${dist}${script}"></script></body></html>`;
    document.body.append(frame);
    await new Promise((r) => frame.addEventListener('load', r, { once: true }));
    const win = frame.contentWindow as Window & { __names: string[] };
    await win.customElements.whenDefined('geo-autocomplete');
    const el = win.document.querySelector('geo-autocomplete')!;
    /** The dist/ files the page requested, relative to dist/. */
    const requested = () =>
      win.performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname)
        .filter((p) => p.includes('/dist/'))
        .map((p) => p.replace(/^.*\/dist\//, ''));
    return { frame, win, el, requested };
  }

  it('a page that never sets multiple loads none of it; setting it loads chunks/geo-multiple.js once, beside the runtime', async function () {
    this.timeout(30000);
    const res = await fetch('/dist/chunks/geo-multiple.js', { method: 'HEAD' });
    expect(
      res.ok,
      'dist/chunks/geo-multiple.js exists (npm test builds dist/; alone, run npm run build first)',
    ).to.equal(true);
    const { frame, el, requested } = await distPage(
      'de',
      'geo-autocomplete.js',
      '<geo-autocomplete name="orte"></geo-autocomplete><geo-autocomplete></geo-autocomplete>',
    );
    try {
      await el.updateComplete;
      // A bare wait: a page lists a request among its resources only once it has loaded, and
      // no event marks "the page will ask for no more chunks"; 300 ms is far longer than a
      // chunk of this origin takes to load.
      await new Promise((r) => setTimeout(r, 300));
      expect(
        requested().filter((f) => f.includes('multiple')),
        'without multiple',
      ).to.deep.equal([]);
      // Both elements take several places: one chunk for the page.
      const [a, b] = [...el.ownerDocument.querySelectorAll('geo-autocomplete')];
      a!.multiple = b!.multiple = true;
      a!.values = ['1276003001047', '1276003001063'];
      await waitUntil(
        () => chipLabels(a!).join() === 'Berlin - Kreuzberg,Berlin - Neukölln',
        'the chips with the labels of the sandbox',
        { timeout: 10000 },
      );
      await b!.updateComplete;
      expect(requested().filter((f) => f.includes('multiple'))).to.deep.equal([
        'chunks/geo-multiple.js',
      ]);
      expect(requested()).to.include('chunks/runtime.js');
    } finally {
      frame.remove();
    }
  });

  it('immo-elements.js, an English page: chunks/self/geo-multiple.js, English from the first render, a removal by its chip', async function () {
    this.timeout(30000);
    const { frame, win, el, requested } = await distPage(
      'en',
      'immo-elements.js',
      '<geo-autocomplete multiple value="1276003001047,1276003001063"></geo-autocomplete>',
    );
    try {
      await waitUntil(
        () => chipLabels(el).join() === 'Berlin - Kreuzberg,Berlin - Neukölln',
        'the chips with the labels of the sandbox',
        { timeout: 10000 },
      );
      expect(win.__names, 'the chip list was never named in German').to.deep.equal([
        'Chosen places',
      ]);
      expect(removeButton(el, 0).getAttribute('aria-label')).to.equal('Remove Berlin - Kreuzberg');
      const files = requested();
      expect(files.filter((f) => f.includes('multiple'))).to.deep.equal([
        'chunks/self/geo-multiple.js',
      ]);
      expect(files, 'an all-in-one page never loads the runtime').not.to.include(
        'chunks/runtime.js',
      );
      const removed: string[] = [];
      el.addEventListener('geo-remove', (e) => removed.push(e.suggestion.entity.id));
      removeButton(el, 0).click();
      await waitUntil(() => chipLabels(el).join() === 'Berlin - Neukölln', 'removed');
      expect(removed).to.deep.equal(['1276003001047']);
      expect(el.values).to.deep.equal(['1276003001063']);
      await waitUntil(
        () => liveText(el) === 'Berlin - Kreuzberg removed, 1 place chosen',
        'announced in English',
      );
    } finally {
      frame.remove();
    }
  });
});
