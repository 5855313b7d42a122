/**
 * "This control is in the accessibility tree with this role and name", in every engine.
 * Chromium gives the runner its accessibility tree (a11ySnapshot, over CDP); Firefox and
 * WebKit do not, so there the same promise is checked from the DOM: the element's explicit
 * or native role and its accessible name (aria-labelledby, aria-label, label, title) as the
 * accessible-name algorithm computes them for the controls the elements use. axe (expect(…).to
 * .be.accessible(), in every engine) checks the rest of the roles and names.
 */
import {
  a11ySnapshot,
  executeServerCommand,
  findAccessibilityNode,
} from '@web/test-runner-commands';
import { engine } from './engine.js';
import type { Heard } from './speech.js';

export interface AccessibleNode {
  role: string;
  name: string;
}

const INPUT_ROLES: Record<string, string> = {
  text: 'textbox',
  search: 'searchbox',
  email: 'textbox',
  tel: 'textbox',
  url: 'textbox',
  password: 'textbox',
  number: 'spinbutton',
  checkbox: 'checkbox',
  radio: 'radio',
  range: 'slider',
  button: 'button',
  submit: 'button',
  reset: 'button',
};

/** The role an element has: its role attribute, else its native role. */
export function roleOf(el: Element): string {
  const explicit = el.getAttribute('role')?.trim().split(/\s+/)[0];
  if (explicit) return explicit;
  const tag = el.localName;
  if (tag === 'input') return INPUT_ROLES[(el as HTMLInputElement).type] ?? 'textbox';
  if (tag === 'textarea') return 'textbox';
  if (tag === 'select')
    return (el as HTMLSelectElement).multiple || (el as HTMLSelectElement).size > 1
      ? 'listbox'
      : 'combobox';
  if (tag === 'button') return 'button';
  if (tag === 'a' && el.hasAttribute('href')) return 'link';
  if (/^h[1-6]$/.test(tag)) return 'heading';
  if (tag === 'ul' || tag === 'ol') return 'list';
  if (tag === 'li') return 'listitem';
  if (tag === 'table') return 'table';
  if (tag === 'fieldset') return 'group';
  if (tag === 'nav') return 'navigation';
  if (tag === 'section')
    return el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby')
      ? 'region'
      : 'generic';
  // (a form is a landmark only with a name)
  if (tag === 'form')
    return el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby') ? 'form' : 'generic';
  if (tag === 'dialog') return 'dialog';
  return 'generic';
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Text of a node as a name from content: hidden parts left out. */
function textOf(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  if (!(node instanceof Element)) return '';
  if (node.getAttribute('aria-hidden') === 'true' || node.hasAttribute('hidden')) return '';
  if (node instanceof HTMLElement && getComputedStyle(node).display === 'none') return '';
  if (node.hasAttribute('aria-label')) return node.getAttribute('aria-label')!;
  const kids =
    node.shadowRoot && node.localName !== 'slot'
      ? [...node.shadowRoot.childNodes]
      : [...node.childNodes];
  return kids
    .map(textOf)
    .join(node instanceof HTMLElement && getComputedStyle(node).display !== 'inline' ? ' ' : '');
}

/** The text of the elements an id list (aria-labelledby, aria-describedby) refers to: hidden ones too, as the algorithm says. */
function refText(el: Element, attr: string): string | undefined {
  const root = el.getRootNode() as Document | ShadowRoot;
  const parts = (el.getAttribute(attr) ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => root.getElementById?.(id) ?? null)
    .filter((x): x is HTMLElement => !!x);
  if (!parts.length) return undefined;
  return squash(
    parts.map((p) => (p.closest('[hidden]') ? (p.textContent ?? '') : textOf(p))).join(' '),
  );
}

/** The accessible name of an element (the parts of the algorithm the elements' controls use). */
export function nameOf(el: Element): string {
  const by = refText(el, 'aria-labelledby');
  if (by !== undefined) return by;
  const label = el.getAttribute('aria-label');
  if (label?.trim()) return squash(label);
  if (el.localName === 'fieldset') {
    const legend = [...el.children].find((c) => c.localName === 'legend');
    if (legend) return squash(textOf(legend));
  }
  if (el.localName === 'table') {
    const caption = (el as HTMLTableElement).caption;
    if (caption) return squash(textOf(caption));
  }
  const labels = (el as HTMLInputElement).labels;
  if (labels?.length) return squash([...labels].map(textOf).join(' '));
  if (
    [
      'button',
      'link',
      'heading',
      'option',
      'tab',
      'menuitem',
      'cell',
      'columnheader',
      'rowheader',
      'checkbox',
      'radio',
    ].includes(roleOf(el))
  ) {
    const t = squash(textOf(el));
    if (t) return t;
  }
  return squash(el.getAttribute('title') ?? (el as HTMLInputElement).placeholder ?? '');
}

/** Every element under root, through open shadow roots. */
function* deep(root: Element | ShadowRoot | Document): Generator<Element> {
  for (const el of root.querySelectorAll('*')) {
    yield el;
    if (el.shadowRoot) yield* deep(el.shadowRoot);
  }
}

/**
 * Finds the node with this role and name: in Chromium's accessibility tree, elsewhere among
 * the elements under `root` (through shadow roots). Undefined when there is none.
 */
export async function findAccessible(
  want: AccessibleNode,
  root: Element | Document = document,
): Promise<AccessibleNode | undefined> {
  if (engine === 'chromium') {
    const snap = await a11ySnapshot({});
    return (
      findAccessibilityNode<AccessibleNode>(
        snap as never,
        (n) => n.role === want.role && n.name === want.name,
      ) ?? undefined
    );
  }
  for (const el of deep(root)) {
    if (roleOf(el) === want.role && nameOf(el) === want.name)
      return { role: want.role, name: want.name };
  }
  return undefined;
}

/** The accessible description: the text aria-describedby refers to. */
export function descriptionOf(el: Element): string {
  return refText(el, 'aria-describedby') ?? '';
}

/**
 * What a screen reader is given for an element, computed from its ARIA and DOM (the same in
 * every engine): role, name, description, heading level, position in its set and states.
 */
export function heard(el: Element): Heard {
  const role = roleOf(el);
  const aria = (a: string) => el.getAttribute(a);
  const num = (a: string) => (aria(a) ? Number(aria(a)) : undefined);
  const h = /^h([1-6])$/.exec(el.localName);
  const level = role === 'heading' ? (num('aria-level') ?? (h ? Number(h[1]) : 2)) : undefined;
  const expanded = aria('aria-expanded');
  return {
    role,
    name: nameOf(el),
    description: descriptionOf(el),
    level,
    posinset: num('aria-posinset'),
    setsize: num('aria-setsize'),
    invalid: aria('aria-invalid') === 'true',
    // (a required radio: Chromium gives no state to the button itself)
    required:
      role !== 'radio' &&
      ((el as HTMLInputElement).required === true || aria('aria-required') === 'true'),
    expanded: expanded === null || role === 'option' ? undefined : expanded === 'true',
    current: aria('aria-current') ?? undefined,
  };
}

interface BrowserNode {
  ignored: boolean;
  role: string;
  name: string;
  description: string;
  level?: number;
  invalid?: string;
  required?: boolean;
  expanded?: boolean;
}

/**
 * In Chromium, checks what was computed for `el` (`h`, from {@link heard}) against the
 * browser's own accessibility node of it (CDP Accessibility.getPartialAXTree, which reaches
 * into shadow roots): role, name, description, level and the states spoken. Firefox and
 * WebKit give tests no accessibility tree; there it resolves at once.
 */
export async function inBrowserTree(el: Element, h: Heard): Promise<void> {
  // (a node that left the page before its check, e.g. a breadcrumb gone with the step back,
  // was spoken while it was there: nothing left to compare)
  if (engine !== 'chromium' || !el.isConnected) return;
  (globalThis as { __immoAxNode?: Element }).__immoAxNode = el;
  const n = (await executeServerCommand('immo-ax-node')) as BrowserNode | null;
  const what = `${h.role} "${h.name}"`;
  if (!el.isConnected) return; // (gone during the check)
  if (!n || n.ignored) throw new Error(`Not in Chromium's accessibility tree: ${what}`);
  // (Chromium puts a space before a visually hidden comma, and drops one between two text
  // parts after a full stop: neither is heard)
  const heardAs = (t: string) =>
    squash(t)
      .replace(/\s*([,.;:])\s*/g, '$1 ')
      .trim();
  const got = {
    role: n.role === 'image' ? 'img' : n.role, // (Chromium's word for ARIA's img)
    name: heardAs(n.name),
    description: heardAs(n.description),
    level: h.level === undefined ? undefined : n.level,
    invalid: n.invalid === 'true',
    required: !!n.required,
    expanded: h.expanded === undefined ? undefined : n.expanded,
  };
  const want = {
    role: h.role,
    name: heardAs(h.name),
    description: heardAs(h.description ?? ''),
    level: h.level,
    invalid: !!h.invalid,
    required: !!h.required,
    expanded: h.expanded,
  };
  if (JSON.stringify(got) !== JSON.stringify(want))
    throw new Error(
      `Chromium's tree differs for ${what}: ${JSON.stringify(got)}, computed ${JSON.stringify(want)}`,
    );
}
