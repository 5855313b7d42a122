// geo-autocomplete in forms: a value that never lies after the visitor edits a
// picked place, Enter submits like a native input, and "Keine Treffer" only after an answer.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/elements/geo-autocomplete/define.js';
import type { GeoAutocomplete } from '../../src/elements/geo-autocomplete/geo-autocomplete.js';
import {
  describe,
  fakeServer,
  fakeTime,
  input,
  isOpen,
  item,
  it,
  liveText,
  optionEls,
  popup,
  shadow,
  placesAnswer,
} from './geo-autocomplete.helpers.js';
import { press, type } from './helpers/index.js';

const PLACES = [
  item('city', '1276002001', 'Hamburg'),
  item('quarterOrTown', '1276002001002', 'Hamburg - Altona'),
  item('city', '1276004001', 'Bremen'),
  item('city', '1276004002', 'Bremerhaven'),
];
const answer = placesAnswer(PLACES);

async function inForm(
  attrs: { required?: boolean; mustPick?: boolean } = {},
  srv = fakeServer(answer),
) {
  const form = await fixture<HTMLFormElement>(html`<form action="javascript:void 0">
    <geo-autocomplete name="ort" ?required=${attrs.required} ?must-pick=${attrs.mustPick}></geo-autocomplete>
    <button>Suchen</button>
  </form>`);
  const el = form.querySelector('geo-autocomplete')!;
  el.client = srv.client;
  el.debounce = 0;
  await el.updateComplete;
  const events: string[] = [];
  for (const t of ['input', 'change'])
    el.addEventListener(t, () => events.push(`${t}:${el.value}`));
  const submits: (string | null)[] = [];
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    submits.push(String(new FormData(form).get('ort')));
  });
  return { form, el, events, submits, srv };
}

async function pick(el: GeoAutocomplete, text: string) {
  input(el).focus();
  await type(text);
  await waitUntil(() => optionEls(el).length > 0 && isOpen(el), 'suggestions');
  await press('ArrowDown');
  await press('Enter');
  await waitUntil(() => !!el.value, 'picked');
  await el.updateComplete;
}

describe('geo-autocomplete: a value that never lies', () => {
  it('editing a picked place: value and selected follow the form at once, input fires at once, change on leaving', async () => {
    const { form, el, events } = await inForm();
    await pick(el, 'Hamb');
    expect(el.value).to.equal('1276002001');
    expect(el.selected!.entity.label).to.equal('Hamburg');
    expect(new FormData(form).get('ort')).to.equal('1276002001');
    expect(events).to.deep.equal(['input:1276002001', 'change:1276002001']);
    events.length = 0;

    // the visitor types over the picked place without picking again
    await press('Backspace');
    expect(el.value, 'value follows the form at once').to.equal('');
    expect(el.selected).to.equal(null);
    expect(new FormData(form).get('ort')).to.equal('');
    expect(new FormData(form).get('ort-label')).to.equal('Hambur');
    expect(events, 'input at once, no change yet').to.deep.equal(['input:']);
    await type('xyz');
    expect(events, 'no event while the value stays empty').to.deep.equal(['input:']);
    input(el).blur();
    await el.updateComplete;
    expect(events, 'change when the visitor leaves the field').to.deep.equal(['input:', 'change:']);
  });

  it('typing the picked label back gives its value back; Escape restores it with input and change on commit', async () => {
    const { el, events } = await inForm();
    await pick(el, 'Hamb');
    events.length = 0;
    await type('x');
    await press('Backspace');
    expect(el.value).to.equal('1276002001');
    expect(events).to.deep.equal(['input:', 'input:1276002001']);
    events.length = 0;
    await type('er');
    await waitUntil(() => isOpen(el) || el.value === '', 'typed on');
    await press('Escape'); // closes the list (if open)
    await press('Escape'); // restores the picked place
    await el.updateComplete;
    expect(input(el).value).to.equal('Hamburg');
    expect(el.value).to.equal('1276002001');
    input(el).blur();
    await el.updateComplete;
    expect(
      events,
      'the value at the commit equals the last committed one: no change',
    ).to.deep.equal(['input:', 'input:1276002001']);
  });

  it('a value set by code shows its label without events, and is not taken for an edit', async () => {
    const { el, events } = await inForm();
    el.value = '1276004001';
    await waitUntil(() => input(el).value === 'Bremen', 'label looked up', { timeout: 3000 });
    expect(el.selected!.entity.label).to.equal('Bremen');
    input(el).focus();
    input(el).blur();
    await el.updateComplete;
    expect(el.value).to.equal('1276004001');
    expect(events).to.deep.equal([]);
  });
});

describe('geo-autocomplete: Enter', () => {
  it('with the list closed submits the owning form (after a pick), as a native input does', async () => {
    const { el, submits, events } = await inForm();
    await pick(el, 'Brem');
    expect(isOpen(el)).to.equal(false);
    await press('Enter');
    expect(submits).to.deep.equal(['1276004001']);
    expect(events.filter((e) => e.startsWith('change'))).to.deep.equal(['change:1276004001']);
  });

  it('on an open list picks and does not submit; with an option not active it closes the list, a second Enter submits', async () => {
    const { el, submits } = await inForm();
    input(el).focus();
    await type('Brem');
    await waitUntil(() => optionEls(el).length === 2 && isOpen(el));
    await press('Enter');
    await el.updateComplete;
    expect(isOpen(el)).to.equal(false);
    expect(submits).to.deep.equal([]);
    await press('Enter');
    expect(submits, 'typed text without a pick: the id is empty').to.deep.equal(['']);
    await press('ArrowDown'); // opens on the first option
    await waitUntil(() => isOpen(el) && input(el).hasAttribute('aria-activedescendant'));
    await press('Enter');
    await waitUntil(() => el.value === '1276004001');
    expect(submits).to.have.length(1);
  });

  it('an invalid field blocks the submit (the native invalid flow); a disabled default button blocks it too', async () => {
    const { form, el, submits } = await inForm({ mustPick: true });
    let invalid = 0;
    el.addEventListener('invalid', () => invalid++);
    input(el).focus();
    await type('Xy');
    await press('Enter');
    expect(invalid).to.equal(1);
    expect(submits).to.deep.equal([]);
    await press('Backspace');
    await press('Backspace');
    form.querySelector('button')!.disabled = true;
    await press('Enter');
    expect(submits).to.deep.equal([]);
  });

  it('a form without a submit button is submitted when the element is its only text field', async () => {
    const form = await fixture<HTMLFormElement>(
      html`<form><geo-autocomplete name="ort"></geo-autocomplete></form>`,
    );
    const el = form.querySelector('geo-autocomplete')!;
    el.client = fakeServer(answer).client;
    await el.updateComplete;
    let submitted = 0;
    form.addEventListener('submit', (e) => (e.preventDefault(), submitted++));
    input(el).focus();
    await press('Enter');
    expect(submitted).to.equal(1);
    form.append(Object.assign(document.createElement('input'), { name: 'other' }));
    input(el).focus();
    await press('Enter');
    expect(submitted, 'two text fields and no button: no implicit submission').to.equal(1);
  });
});

describe('geo-autocomplete states what it knows', () => {
  const none = (el: GeoAutocomplete) =>
    /Keine Treffer|No matches/.test(shadow(el).textContent ?? '');

  it('below min-length: no popup and no "Keine Treffer"; ↓ gets the hint', async () => {
    const { el, srv } = await inForm();
    input(el).focus();
    await el.listReady;
    const time = fakeTime();
    try {
      await type('H');
      await time.clock.tickAsync(1000); // (past any debounce)
    } finally {
      time.restore();
    }
    await el.updateComplete;
    expect(isOpen(el)).to.equal(false);
    expect(none(el)).to.equal(false);
    expect(liveText(el)).to.equal('');
    expect(srv.urls).to.have.length(0);
    await press('ArrowDown');
    await el.updateComplete;
    expect(isOpen(el)).to.equal(true);
    expect(popup(el).textContent).to.contain('Mindestens 2 Zeichen');
    expect(none(el)).to.equal(false);
  });

  it('while a request is pending: loading, never "Keine Treffer" (in the DOM or the live region) until the answer says so', async () => {
    let open!: () => void;
    const seen: string[] = [];
    const srv = fakeServer((url) => {
      const q = url.searchParams.get('i') ?? '';
      // "Hamburg" is answered at once (complete); anything longer waits for the gate
      return q === 'Hamb'
        ? answer(url)
        : { ...answer(url), gate: new Promise<void>((r) => (open = r)) };
    });
    const { el } = await inForm({}, srv);
    const watch = new MutationObserver(() =>
      seen.push(`${shadow(el).textContent} | ${liveText(el)}`),
    );
    watch.observe(shadow(el), { subtree: true, childList: true, characterData: true });
    input(el).focus();
    await type('Hamb');
    await waitUntil(() => optionEls(el).length === 2, 'the first answer');
    // the complete answer for "Hamb" refines to nothing for "Hambx": the server is still asked
    await type('x');
    await waitUntil(() => srv.urls.some((u) => u.searchParams.get('i') === 'Hambx'), 'asked');
    await el.updateComplete;
    expect(optionEls(el)).to.have.length(0);
    expect(none(el)).to.equal(false);
    expect(/Keine Treffer/.test(liveText(el))).to.equal(false);
    expect(popup(el).textContent).to.contain('Suche läuft');
    expect(
      seen.some((s) => /Keine Treffer/.test(s)),
      'never shown before the answer',
    ).to.equal(false);
    open();
    await waitUntil(() => none(el), 'the answer says: no matches');
    await waitUntil(() => liveText(el) === 'Keine Treffer', 'and it is announced');
    watch.disconnect();
  });
});
