// The value of <geo-autocomplete> (src/elements/geo-autocomplete/selection.ts), DOM-free: the
// rules of docs/elements/geo-autocomplete.md ("The value, `input` and `change`" and
// "Several places: `multiple`"), one test per rule, for one place and for several.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { GeoSuggestion } from '../../src/api/index.js';
import { byId, Selection } from '../../src/elements/geo-autocomplete/selection.js';

const place = (id: string, label: string, type = 'quarterOrTown'): GeoSuggestion => ({
  entity: { id, label, type },
  matches: [],
});
const MITTE = place('1276003001046', 'Berlin - Mitte');
const KREUZBERG = place('1276003001047', 'Berlin - Kreuzberg');
const NEUKOELLN = place('1276003001063', 'Berlin - Neukölln');

/** A model for one place, and how often it told its element to render. */
function one(known: GeoSuggestion[] = []) {
  let renders = 0;
  const sel = new Selection(
    (id) => known.find((s) => s.entity.id === id),
    () => renders++,
  );
  return { sel, renders: () => renders };
}
/** A model for several places. */
function several(known: GeoSuggestion[] = []) {
  const m = one(known);
  m.sel.setMultiple(true, '');
  return m;
}

describe('the value of one place', () => {
  it('the value is the picked id while the text is its label; the form submits it with the text', () => {
    const { sel } = one();
    sel.type('Mit');
    sel.pick(MITTE);
    assert.equal(sel.value, MITTE.entity.id);
    assert.equal(sel.text, 'Berlin - Mitte');
    assert.deepEqual(sel.selected, MITTE);
    const f = sel.submitted();
    assert.deepEqual([f.ids, f.labels], [[MITTE.entity.id], ['Berlin - Mitte']]);
  });

  it('editing the picked text makes the value "" and selected null at once, with `input`; the form submits no id', () => {
    const { sel } = one();
    sel.pick(MITTE);
    assert.deepEqual(sel.type('Berlin - Mitt'), ['input']);
    assert.equal(sel.value, '');
    assert.equal(sel.selected, null);
    assert.deepEqual(sel.submitted().ids, ['']);
    assert.deepEqual(sel.submitted().labels, ['Berlin - Mitt']);
  });

  it('typing the label back gives the id back, with `input`', () => {
    const { sel } = one();
    sel.pick(MITTE);
    sel.type('Berlin - Mitt');
    assert.deepEqual(sel.type('Berlin - Mitte'), ['input']);
    assert.equal(sel.value, MITTE.entity.id);
  });

  it('typing that does not change the value (text before any pick) fires nothing', () => {
    const { sel } = one();
    assert.deepEqual(sel.type('B'), []);
    assert.deepEqual(sel.type('Be'), []);
    assert.deepEqual(sel.commit(), [], 'nor does a commit of it');
  });

  it('a pick fires `input` and `change`; picking the same place again fires neither', () => {
    const { sel } = one();
    assert.deepEqual(sel.pick(MITTE), ['input', 'change']);
    assert.deepEqual(sel.pick(MITTE), []);
  });

  it('`change` waits for the commit (Enter, leaving the field) and fires only when the value differs from the last `change`', () => {
    const { sel } = one();
    sel.pick(MITTE);
    assert.deepEqual(sel.type('Berlin'), ['input']);
    assert.deepEqual(sel.commit(), ['change'], 'the value became ""');
    assert.deepEqual(sel.commit(), [], 'nothing changed since');
    sel.type('Berlin - Mitte');
    sel.type('Berlin');
    assert.deepEqual(sel.commit(), [], 'back to the value of the last change');
  });

  it('clearing commits: no place, no text, `input` and `change`', () => {
    const { sel } = one();
    sel.pick(MITTE);
    assert.deepEqual(sel.clear(), ['input', 'change']);
    assert.equal(sel.text, '');
    assert.equal(sel.value, '');
    assert.equal(sel.selected, null);
  });

  it('Escape gives the committed label back (and its id, with `input`); nothing to give back: null', () => {
    const { sel } = one();
    sel.pick(MITTE);
    sel.type('Berl');
    assert.deepEqual(sel.revert(), ['input']);
    assert.equal(sel.text, 'Berlin - Mitte');
    assert.equal(sel.value, MITTE.entity.id);
    assert.equal(sel.revert(), null);
  });

  it('code that sets the value fires nothing; the text shows a known label, an unknown one is to be looked up', () => {
    const { sel } = one([KREUZBERG]);
    assert.equal(sel.setValue(KREUZBERG.entity.id), null, 'known: nothing to look up');
    assert.equal(sel.text, 'Berlin - Kreuzberg');
    assert.deepEqual(sel.commit(), [], 'a commit compares with the value code set');
    assert.equal(sel.setValue(MITTE.entity.id), MITTE.entity.id, 'unknown: its id is looked up');
    sel.labelled(MITTE.entity.id, 'Berlin - Mitte', 'quarterOrTown');
    assert.equal(sel.text, 'Berlin - Mitte');
    assert.equal(sel.picked, true);
    sel.setValue('');
    sel.labelled(MITTE.entity.id, 'late', 'city');
    assert.equal(sel.text, '', 'a label that arrives after the value changed is dropped');
  });

  it('must-pick refuses typed text, not picked text', () => {
    const { sel } = one();
    sel.type('Berlin');
    assert.equal(sel.unpicked, true);
    sel.pick(MITTE);
    assert.equal(sel.unpicked, false);
    sel.clear();
    assert.equal(sel.unpicked, false, 'an empty field is not typed text');
  });

  it('a form reset goes back to the value the page was loaded with', () => {
    const { sel } = one([KREUZBERG]);
    sel.setDefault(KREUZBERG.entity.id);
    sel.setDefault('ignored: only the first connect counts');
    sel.pick(MITTE);
    assert.equal(sel.reset(), null);
    assert.equal(sel.value, KREUZBERG.entity.id);
    assert.equal(sel.text, 'Berlin - Kreuzberg');
    assert.deepEqual(sel.commit(), []);
  });

  it('the restore state gives back the place and the text, also text typed after a pick', () => {
    const { sel } = one();
    sel.pick(MITTE);
    const picked = sel.submitted().state;
    sel.type('Mitt');
    const typed = sel.submitted().state;
    const b = one().sel;
    b.restore(picked);
    assert.deepEqual(
      [b.value, b.text, b.selected?.entity.type],
      [MITTE.entity.id, 'Berlin - Mitte', 'quarterOrTown'],
    );
    b.restore(typed);
    assert.deepEqual([b.value, b.text], ['', 'Mitt']);
    b.restore('{not json');
    assert.equal(b.text, 'Mitt', 'a state it cannot read changes nothing');
  });

  it('places set by code: the first is the value, its label shown from the next update on', () => {
    const { sel } = one();
    sel.set([KREUZBERG, NEUKOELLN]);
    assert.equal(sel.value, KREUZBERG.entity.id);
    assert.equal(sel.settle(), null);
    assert.equal(sel.text, 'Berlin - Kreuzberg');
    assert.deepEqual(sel.values, [KREUZBERG.entity.id]);
  });
});

describe('the value of several places (`multiple`)', () => {
  it('the value is the chosen ids joined by commas, whatever the text; the form gets every id and label', () => {
    const { sel } = several();
    sel.toggle(KREUZBERG);
    sel.toggle(NEUKOELLN);
    sel.type('Mit');
    assert.equal(sel.value, `${KREUZBERG.entity.id},${NEUKOELLN.entity.id}`);
    const f = sel.submitted();
    assert.deepEqual(f.ids, [KREUZBERG.entity.id, NEUKOELLN.entity.id]);
    assert.deepEqual(f.labels, ['Berlin - Kreuzberg', 'Berlin - Neukölln']);
    assert.equal(sel.unpicked, true, 'text left in the field is not a place');
  });

  it('typing fires nothing: the text is not the value', () => {
    const { sel } = several();
    sel.toggle(KREUZBERG);
    sel.fire();
    assert.deepEqual(sel.type('Ber'), []);
    assert.deepEqual(sel.commit(), []);
  });

  it('a pick adds the place (geo-select) and empties the text; `input` and `change` follow it', () => {
    const { sel } = several();
    sel.type('Kreuz');
    assert.deepEqual(sel.toggle(KREUZBERG), { added: KREUZBERG });
    assert.equal(sel.text, '');
    assert.deepEqual(sel.fire(), ['input', 'change']);
    assert.deepEqual(sel.commit(), [], 'the commit after it has nothing new');
  });

  it('picking a chosen place again removes it (geo-remove), as a chip does', () => {
    const { sel } = several();
    sel.toggle(KREUZBERG);
    sel.toggle(NEUKOELLN);
    sel.fire();
    assert.deepEqual(sel.toggle(KREUZBERG), { removed: KREUZBERG });
    assert.deepEqual(sel.remove(0), { removed: NEUKOELLN });
    assert.equal(sel.remove(0), null, 'no place there');
    assert.equal(sel.value, '');
  });

  it('at `max` nothing more is added; the places chosen can still be removed', () => {
    const { sel } = several();
    sel.max = 1;
    sel.toggle(KREUZBERG);
    assert.equal(sel.full, true);
    assert.deepEqual(sel.toggle(NEUKOELLN), { full: true });
    assert.deepEqual(sel.values, [KREUZBERG.entity.id]);
    assert.deepEqual(sel.toggle(KREUZBERG), { removed: KREUZBERG });
  });

  it('code sets places (each id once) without events; places set by id keep the labels known', () => {
    const { sel } = several([NEUKOELLN]);
    sel.set([KREUZBERG, KREUZBERG, MITTE]);
    assert.deepEqual(sel.values, [KREUZBERG.entity.id, MITTE.entity.id]);
    assert.deepEqual(sel.commit(), []);
    sel.setIds([MITTE.entity.id, NEUKOELLN.entity.id, '1276003001099']);
    assert.deepEqual(
      sel.selections.map((s) => s.entity.label),
      ['Berlin - Mitte', 'Berlin - Neukölln', ''],
    );
    sel.labelled('1276003001099', 'Berlin - Wedding', 'quarterOrTown');
    assert.equal(sel.selections[2]!.entity.label, 'Berlin - Wedding');
  });

  it('a value of ids joined by commas sets the places', () => {
    const { sel } = several([KREUZBERG]);
    sel.setValue(` ${KREUZBERG.entity.id}, ${MITTE.entity.id} ,`);
    assert.deepEqual(sel.values, [KREUZBERG.entity.id, MITTE.entity.id]);
    assert.equal(sel.value, `${KREUZBERG.entity.id},${MITTE.entity.id}`);
    assert.deepEqual(sel.selections[1], byId(MITTE.entity.id));
  });

  it('`required` asks for a place, not for text', () => {
    const { sel } = several();
    sel.type('Berlin');
    assert.equal(sel.filled, false);
    sel.toggle(KREUZBERG);
    assert.equal(sel.filled, true);
  });

  it('places set before `multiple` stay places; without them the value is split at its commas', () => {
    const { sel } = one();
    sel.set([KREUZBERG, NEUKOELLN]);
    sel.setMultiple(true, KREUZBERG.entity.id);
    assert.deepEqual(sel.values, [KREUZBERG.entity.id, NEUKOELLN.entity.id]);
    assert.equal(sel.text, '', 'not the text of one of them');
    const b = one().sel;
    b.setMultiple(true, `${KREUZBERG.entity.id},${MITTE.entity.id}`);
    assert.deepEqual(b.values, [KREUZBERG.entity.id, MITTE.entity.id]);
  });

  it('a form reset brings back the places of the value the page was loaded with', () => {
    const { sel } = several();
    sel.setDefault(`${MITTE.entity.id},${KREUZBERG.entity.id}`);
    sel.toggle(NEUKOELLN);
    sel.type('x');
    sel.reset();
    assert.deepEqual(sel.values, [MITTE.entity.id, KREUZBERG.entity.id]);
    assert.equal(sel.text, '');
  });

  it('the restore state gives back the places and the text left in the field', () => {
    const { sel } = several();
    sel.toggle(KREUZBERG);
    sel.toggle(NEUKOELLN);
    sel.type('Mit');
    const b = several().sel;
    b.restore(sel.submitted().state);
    assert.deepEqual(b.selections, [KREUZBERG, NEUKOELLN]);
    assert.equal(b.text, 'Mit');
  });

  it('every change tells the element to render', () => {
    const m = several();
    const before = m.renders();
    m.sel.toggle(KREUZBERG);
    m.sel.type('a');
    m.sel.remove(0);
    assert.ok(m.renders() >= before + 3);
  });
});

describe('who dispatches the events', () => {
  it("a visitor's action tells its events to the element's one dispatch, whoever acted; code's changes tell none", () => {
    const told: string[][] = [];
    const tell = (f: readonly string[]) => void told.push([...f]);
    const sel = new Selection(undefined, undefined, tell);
    sel.setValue(MITTE.entity.id);
    sel.labelled(MITTE.entity.id, MITTE.entity.label, 'quarterOrTown');
    assert.deepEqual(told, [], 'code set the value: nothing to dispatch');
    sel.type('Berlin - Mitt');
    sel.commit();
    assert.deepEqual(sel.revert(), ['input']);
    sel.pick(KREUZBERG);
    sel.clear();
    assert.deepEqual(told, [
      ['input'],
      ['change'],
      ['input'],
      ['input', 'change'],
      ['input', 'change'],
    ]);
    const m = new Selection(undefined, undefined, tell);
    m.setMultiple(true, '');
    m.toggle(NEUKOELLN);
    m.fire();
    assert.deepEqual(
      told.at(-1),
      ['input', 'change'],
      "with `multiple`, after the addition's own event",
    );
  });
});
