/**
 * What a screen reader says for one node, as a sentence: its name, role, states, description
 * and position ("Berlin, Stadt, 1 von 20"). DOM-free: the node's properties come from the
 * accessibility tree (a11y.ts, `heard`), so the wording rules are tested in Node
 * (test/node/speech.test.ts). The words are German, as the test pages' `lang`, in the order
 * NVDA and VoiceOver read them; a role a screen reader leaves unsaid for the node (an option
 * in a list, a generic container) says nothing.
 */

/** One node of the accessibility tree, as much of it as is spoken. */
export interface Heard {
  role: string;
  name: string;
  description?: string;
  /** A heading's level. */
  level?: number;
  /** Position in its set, and the set's size (aria-posinset, aria-setsize). */
  posinset?: number;
  setsize?: number;
  invalid?: boolean;
  required?: boolean;
  expanded?: boolean;
  /** aria-current on a link or list item ("page"). */
  current?: string;
}

const ROLES: Record<string, string> = {
  button: 'Schalter',
  checkbox: 'Kontrollkästchen',
  combobox: 'Kombinationsfeld',
  form: 'Formular',
  group: 'Gruppe',
  img: 'Grafik',
  link: 'Link',
  list: 'Liste',
  listbox: 'Liste',
  navigation: 'Navigation',
  radio: 'Auswahlschalter',
  region: 'Bereich',
  searchbox: 'Suchfeld',
  table: 'Tabelle',
  textbox: 'Eingabefeld',
};

/** The words of a role ('' where none is said); a heading says its level. */
export function roleWords(role: string, level?: number): string {
  if (role === 'heading') return level ? `Überschrift, Ebene ${level}` : 'Überschrift';
  return ROLES[role] ?? '';
}

// (a space before a comma is not heard: a visually hidden comma is its own box)
const squash = (s: string) =>
  s
    .replace(/[\s\u00a0]+/g, ' ')
    .replace(/ ,/g, ',')
    .trim();

/** The sentence spoken for a node: the parts that say something, joined by commas. */
export function spoken(n: Heard): string {
  const parts = [
    squash(n.name),
    roleWords(n.role, n.level),
    n.expanded === undefined ? '' : n.expanded ? 'erweitert' : 'reduziert',
    n.required ? 'erforderlich' : '',
    n.invalid ? 'ungültig' : '',
    n.current ? 'aktuell' : '',
    squash(n.description ?? ''),
    n.posinset && n.setsize ? `${n.posinset} von ${n.setsize}` : '',
  ];
  return parts.filter(Boolean).join(', ');
}
