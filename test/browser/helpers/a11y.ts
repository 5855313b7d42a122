/**
 * "This control is in the accessibility tree with this role and name", in every engine.
 * Chromium gives the runner its accessibility tree (a11ySnapshot, over CDP); Firefox and
 * WebKit do not, so there the same promise is checked from the DOM: the element's explicit
 * or native role and its accessible name (aria-labelledby, aria-label, label, title) as the
 * accessible-name algorithm computes them for the controls the elements use. axe (expect(…).to
 * .be.accessible(), in every engine) checks the rest of the roles and names.
 */
import { a11ySnapshot, findAccessibilityNode } from '@web/test-runner-commands';
import { engine } from './engine.js';

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
  if (tag === 'form') return 'form';
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

/** The accessible name of an element (the parts of the algorithm the elements' controls use). */
export function nameOf(el: Element): string {
  const root = el.getRootNode() as Document | ShadowRoot;
  const by = el.getAttribute('aria-labelledby');
  if (by) {
    const parts = by
      .split(/\s+/)
      .map((id) => root.getElementById?.(id) ?? null)
      .filter((x): x is HTMLElement => !!x);
    if (parts.length) return squash(parts.map(textOf).join(' '));
  }
  const label = el.getAttribute('aria-label');
  if (label?.trim()) return squash(label);
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
