// The wording rules of the spoken-output tests (test/browser/helpers/speech.ts): what a screen
// reader says for a node of the accessibility tree.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { roleWords, spoken } from '../browser/helpers/speech.js';

test('an option: its name, its description, its place in the whole list', () => {
  assert.equal(
    spoken({ role: 'option', name: 'Berlin', description: 'Stadt', posinset: 1, setsize: 20 }),
    'Berlin, Stadt, 1 von 20',
  );
  // without both numbers no position is said
  assert.equal(spoken({ role: 'option', name: 'Berlin', posinset: 1 }), 'Berlin');
});

test('a field: name, role, states, then its description', () => {
  assert.equal(
    spoken({
      role: 'textbox',
      name: 'Nachname',
      required: true,
      invalid: true,
      description: 'Bitte füllen Sie dieses Feld aus.',
    }),
    'Nachname, Eingabefeld, erforderlich, ungültig, Bitte füllen Sie dieses Feld aus.',
  );
  assert.equal(
    spoken({ role: 'combobox', name: 'Ort', expanded: false }),
    'Ort, Kombinationsfeld, reduziert',
  );
});

test('a heading says its level; a generic node no role; white space is squashed', () => {
  assert.equal(roleWords('heading', 3), 'Überschrift, Ebene 3');
  assert.equal(roleWords('generic'), '');
  assert.equal(spoken({ role: 'generic', name: ' Berlin\u00a0 Mitte ' }), 'Berlin Mitte');
  assert.equal(spoken({ role: 'listitem', name: 'Pankow', current: 'page' }), 'Pankow, aktuell');
});
