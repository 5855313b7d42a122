/**
 * A transcript of what a screen reader says while a test drives an element: each focus move
 * into the element and each change of a combobox's active option (aria-activedescendant) as
 * the sentence spoken for that node (speech.ts, from a11y.ts `heard`), and each new text of
 * its live regions (role=status, role=alert) as the text itself. The lines are in the order
 * they happened, so a test sees that a message follows the focus move rather than being cut
 * off by it. In Chromium every node spoken is also checked against the browser's own
 * accessibility tree (a11y.ts `inBrowserTree`), once the test asks for the lines.
 */
import { heard, inBrowserTree } from './a11y.js';
import { spoken, type Heard } from './speech.js';

/** Roles whose name is said when the focus enters them. */
const CONTAINERS = new Set(['group', 'table', 'form', 'region', 'navigation', 'dialog']);

/** The element focused, through open shadow roots. */
function deepActive(): Element | null {
  let a = document.activeElement;
  while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
  return a;
}

export interface Transcript {
  /** What was said so far, in order; the nodes spoken checked against Chromium's tree first. */
  lines(): Promise<string[]>;
  /** Lines said from now on: the index to pass to `lines().slice()`. */
  mark(): number;
  stop(): void;
}

const squash = (s: string) => s.replace(/[\s\u00a0]+/g, ' ').trim();

/** Starts a transcript of `host` (an element with an open shadow root). */
export function listen(host: HTMLElement): Transcript {
  const root = host.shadowRoot!;
  const said: string[] = [];
  // Each node spoken is checked at once (the check is a round trip to the runner); a
  // difference fails the next lines().
  let checks: Promise<unknown> = Promise.resolve();
  let failed: unknown;
  const speak = (el: Element | null) => {
    if (!el) return;
    const h = heard(el);
    said.push(spoken(h));
    checks = checks.then(() => inBrowserTree(el, h)).catch((e) => (failed ??= e));
  };
  // A focus move into a named group, table, form or landmark says its name first, as screen
  // readers do for the containers the focus enters.
  let within: Element[] = [];
  const onFocus = () => {
    const el = deepActive();
    if (!el) return;
    const chain: Element[] = [];
    for (let a: Node | null = el.parentNode; a && a !== host;) {
      if (a instanceof Element) chain.unshift(a);
      a = a instanceof ShadowRoot ? a.host : a.parentNode;
    }
    for (const a of chain)
      if (!within.includes(a) && CONTAINERS.has(heard(a).role) && heard(a).name) speak(a);
    within = chain;
    speak(el);
  };
  // (focus, caught on its way down: Chromium does not always fire focusin for a focus() in a
  // shadow root during a keyboard-submitted form's submit handler)
  root.addEventListener('focus', onFocus, true);
  const live = (n: Node | null) =>
    (n instanceof Element ? n : n?.parentElement)?.closest('[role=status],[role=alert]');
  const seen = new WeakMap<Element, string>();
  const mo = new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'attributes') {
        if (r.attributeName === 'aria-activedescendant') {
          const id = (r.target as Element).getAttribute('aria-activedescendant');
          if (id) speak(root.getElementById(id));
        }
        continue;
      }
      const region = live(r.target) ?? [...r.addedNodes].map(live).find(Boolean);
      const regions = region
        ? [region]
        : [...r.addedNodes].flatMap((n) =>
            n instanceof Element ? [...n.querySelectorAll('[role=status],[role=alert]')] : [],
          );
      for (const el of regions) {
        const text = squash(el.textContent ?? '');
        if (text && seen.get(el) !== (el.textContent ?? '')) said.push(text);
        seen.set(el, el.textContent ?? '');
      }
    }
  });
  mo.observe(root, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['aria-activedescendant'],
  });
  return {
    async lines() {
      await checks;
      if (failed) throw failed;
      return [...said];
    },
    mark: () => said.length,
    stop() {
      mo.disconnect();
      root.removeEventListener('focus', onFocus, true);
    },
  };
}

/** Roles read with their name only: their content is the name (or they have none). */
const LEAVES = new Set([
  'button',
  'link',
  'heading',
  'option',
  'img',
  'checkbox',
  'radio',
  'combobox',
  'textbox',
  'searchbox',
  'spinbutton',
]);
/** Roles that say nothing of their own in a reading: their content is read. */
const SILENT = new Set(['generic', 'list', 'listitem', 'none', 'presentation', 'status', 'alert']);

function shown(el: Element): boolean {
  if (el.hasAttribute('hidden') || el.getAttribute('aria-hidden') === 'true') return false;
  if (['template', 'style', 'script', 'legend', 'caption'].includes(el.localName)) return false;
  const cs = getComputedStyle(el);
  return cs.display !== 'none' && cs.visibility !== 'hidden';
}

/**
 * What a screen reader's reading of `host` says, line by line, from top to bottom (NVDA's
 * browse mode, VoiceOver's VO+→): each node with a role as its spoken sentence (a group, a
 * table, a form with their names and descriptions; a heading, button or field and not its
 * content again), and the text between them; hidden parts are left out, visually hidden text
 * is read. Shadow roots and slots are read as the page shows them. In Chromium each node
 * with a role is checked against the browser's own tree.
 */
export async function read(host: Element): Promise<string[]> {
  const lines: string[] = [];
  const nodes: [Element, Heard][] = [];
  const walk = (node: Node): void => {
    if (node.nodeType === Node.TEXT_NODE) {
      const t = squash(node.textContent ?? '');
      if (t) lines.push(t);
      return;
    }
    if (!(node instanceof Element) || !shown(node)) return;
    const h = heard(node);
    if (node instanceof HTMLTableCellElement || h.role === 'row') {
      // (cells: their text)
    } else if (LEAVES.has(h.role)) {
      lines.push(spoken(h));
      nodes.push([node, h]);
      return;
    } else if (!SILENT.has(h.role) && (h.name || h.role === 'table')) {
      lines.push(spoken(h));
      nodes.push([node, h]);
    }
    const kids =
      node instanceof HTMLSlotElement
        ? node.assignedNodes({ flatten: true })
        : [...(node.shadowRoot ?? node).childNodes];
    kids.forEach(walk);
  };
  walk(host);
  for (const [el, h] of nodes) await inBrowserTree(el, h);
  return lines;
}
