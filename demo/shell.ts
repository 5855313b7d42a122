/**
 * The demo page's story views, made from custom-elements.json: controls for every attribute
 * and property, the event log and the copyable snippet (script tag included); the docs views
 * render the repository's own pages (demo/docs.ts). demo/main.ts wires them to the sidebar and the hash routes; the browser tests
 * (test/browser/demo-shell.test.ts) use them as they are.
 */
import { clearSandboxFaults, type Story } from './story.js';
import { TAGS, isTag } from './tags.js';
import { inlineMarkdown } from './docs.js';

export interface CemType {
  text: string;
}
export interface CemAttribute {
  name: string;
  type?: CemType;
  default?: string;
  description?: string;
  fieldName?: string;
}
export interface CemMember {
  kind: string;
  name: string;
  type?: CemType;
  default?: string;
  description?: string;
  privacy?: string;
  static?: boolean;
  attribute?: string;
  readonly?: boolean;
}
export interface CemNamed {
  name: string;
  description?: string;
  type?: CemType;
  default?: string;
}
export interface CemDeclaration {
  kind: string;
  name: string;
  tagName?: string;
  customElement?: boolean;
  summary?: string;
  description?: string;
  attributes?: CemAttribute[];
  members?: CemMember[];
  events?: CemNamed[];
  slots?: CemNamed[];
  cssParts?: CemNamed[];
  cssProperties?: CemNamed[];
}

/** The elements of this package, in the demo's order. */
export const ELEMENTS = TAGS;
/** Where the snippets load the script-tag bundles from: the partner's own copy of dist/. */
export const SCRIPT_BASE = 'https://your-cdn.example/immo-elements/dist';

/** The custom-element declarations of a manifest, by tag name. */
export function declarationsOf(manifest: unknown): Map<string, CemDeclaration> {
  const map = new Map<string, CemDeclaration>();
  for (const mod of (manifest as { modules?: { declarations?: CemDeclaration[] }[] }).modules ??
    []) {
    for (const d of mod.declarations ?? []) if (d.customElement && d.tagName) map.set(d.tagName, d);
  }
  return map;
}

export const el = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
) => {
  const node = document.createElement(tag);
  Object.assign(node, props);
  node.append(...children);
  return node;
};

/** Attribute or property type → the kind of control. */
export function enumValues(type?: CemType): string[] | null {
  if (!type) return null;
  const parts = type.text
    .split('|')
    .map((p) => p.trim())
    .filter((p) => p !== 'undefined' && p !== 'null');
  if (parts.length > 1 && parts.every((p) => /^['"].*['"]$/.test(p)))
    return parts.map((p) => p.slice(1, -1));
  return null;
}

export function publicFields(decl: CemDeclaration): CemMember[] {
  return (decl.members ?? []).filter(
    (m) =>
      m.kind === 'field' &&
      !m.static &&
      (m.privacy ?? 'public') === 'public' &&
      !m.name.startsWith('_'),
  );
}

/** Property types that cannot be written as JSON (functions, clients, elements): shown, set from code. */
const CODE_ONLY = /=>|Function|Client|Api\b|Renderer|Element\b/;

/**
 * Controls for every attribute and every property without an attribute. `refresh()` shows the
 * element's current state again (after its events and attribute changes), except in the
 * control being edited.
 */
export function buildControls(
  target: HTMLElement,
  decl: CemDeclaration,
  onChange: () => void,
  prefix = 'ctl',
): { box: HTMLElement; refresh: () => void } {
  const box = el('div', { className: 'controls' });
  const syncs: [HTMLElement, () => void][] = [];
  const attrs = decl.attributes ?? [];
  const attrFields = new Set(attrs.map((a) => a.fieldName).filter(Boolean));
  for (const attr of attrs) {
    const id = `${prefix}-attr-${attr.name}`;
    const label = el('label', { htmlFor: id, textContent: attr.name });
    // lang has no type in the manifest; the elements speak German and English.
    const values = attr.name === 'lang' ? ['de', 'en'] : enumValues(attr.type);
    const isBool = attr.type?.text.replace(/\s*\|\s*undefined/, '') === 'boolean';
    let input: HTMLInputElement | HTMLSelectElement;
    if (isBool) {
      const box = el('input', { type: 'checkbox', id });
      box.setAttribute('role', 'switch');
      box.addEventListener('change', () => {
        target.toggleAttribute(attr.name, box.checked);
        onChange();
      });
      syncs.push([box, () => (box.checked = target.hasAttribute(attr.name))]);
      input = box;
    } else if (values) {
      const select = el('select', { id });
      select.append(
        el('option', { value: '', textContent: '(default)' }),
        ...values.map((v) => el('option', { value: v, textContent: v })),
      );
      select.addEventListener('change', () => {
        if (select.value) target.setAttribute(attr.name, select.value);
        else target.removeAttribute(attr.name);
        onChange();
      });
      syncs.push([select, () => (select.value = target.getAttribute(attr.name) ?? '')]);
      input = select;
    } else {
      const text = el('input', {
        type: 'text',
        id,
        placeholder: (attr.default ?? '').replace(/^'(.*)'$/, '$1'),
      });
      text.addEventListener('change', () => {
        if (text.value !== '') target.setAttribute(attr.name, text.value);
        else target.removeAttribute(attr.name);
        onChange();
      });
      syncs.push([text, () => (text.value = target.getAttribute(attr.name) ?? '')]);
      input = text;
    }
    box.append(label, input);
    if (attr.description)
      box.append(el('p', { className: 'hint' }, inlineMarkdown(attr.description)));
  }
  for (const field of publicFields(decl)) {
    if (attrFields.has(field.name) || field.attribute) continue;
    const id = `${prefix}-prop-${field.name}`;
    const label = el('label', { htmlFor: id, textContent: `.${field.name}` });
    const codeOnly = CODE_ONLY.test(field.type?.text ?? '');
    const input = el('textarea', { id, rows: 1, readOnly: field.readonly || codeOnly });
    input.placeholder = codeOnly ? 'set from code' : 'JSON';
    if (!input.readOnly) {
      input.addEventListener('change', () => {
        try {
          (target as unknown as Record<string, unknown>)[field.name] =
            input.value.trim() === '' ? undefined : JSON.parse(input.value);
          input.setCustomValidity('');
        } catch {
          input.setCustomValidity('Kein gültiges JSON / not valid JSON');
          input.reportValidity();
        }
        onChange();
      });
    }
    syncs.push([
      input,
      () => {
        let v: unknown;
        try {
          v = (target as unknown as Record<string, unknown>)[field.name];
        } catch {
          v = undefined;
        }
        if (codeOnly)
          input.value =
            v === undefined || v === null
              ? ''
              : `(${typeof v === 'function' ? 'function' : ((v as object).constructor?.name ?? typeof v)})`;
        else {
          try {
            input.value =
              v === undefined || typeof v === 'function' ? '' : (JSON.stringify(v) ?? '');
          } catch {
            input.value = String(v);
          }
        }
      },
    ]);
    box.append(label, input);
    const hint = el('p', { className: 'hint' });
    if (field.type?.text) hint.append(el('code', { textContent: field.type.text }));
    if (field.type?.text && field.description) hint.append(' — ');
    if (field.description) hint.append(inlineMarkdown(field.description));
    if (hint.childNodes.length) box.append(hint);
  }
  if (!box.childElementCount) box.append(el('p', { textContent: 'Keine Attribute im Manifest.' }));
  const refresh = () => {
    for (const [control, sync] of syncs) if (control !== document.activeElement) sync();
  };
  refresh();
  return { box, refresh };
}

/**
 * The story as a partner's page has it: a script tag per element used, the markup, and a
 * module script for the properties the story set from code (a user token, data, a
 * renderer), which markup cannot carry.
 */
export function snippetFor(
  canvas: HTMLElement,
  declarations?: Map<string, CemDeclaration>,
): string {
  const tags = new Set<string>();
  canvas.querySelectorAll('*').forEach((n) => {
    if (n.localName.includes('-') && customElements.get(n.localName)) tags.add(n.localName);
  });
  const scripts = [...tags]
    .filter(isTag)
    .map((t) => `<script type="module" src="${SCRIPT_BASE}/${t}.js"></script>`);
  const clone = canvas.cloneNode(true) as HTMLElement;
  const markup = clone.innerHTML
    .replace(/<!--[^]*?-->/g, '')
    .replace(/\n\s*\n/g, '\n')
    .trim();
  const code: string[] = [];
  for (const tag of tags) {
    const decl = declarations?.get(tag);
    if (!decl) continue;
    const all = [...canvas.querySelectorAll(tag)];
    all.forEach((node, i) => {
      const lines: string[] = [];
      for (const field of publicFields(decl)) {
        if (field.attribute || field.readonly) continue;
        const value = (node as unknown as Record<string, unknown>)[field.name];
        if (value === undefined || value === null) continue;
        // Values only the partner's own code has: named, not copied.
        if (field.name === 'token')
          lines.push(`// el.token = …; the signed-in user's token, from your backend`);
        else if (typeof value === 'function')
          lines.push(`// el.${field.name} = …; your own function (see the Docs page)`);
        else if (CODE_ONLY.test(field.type?.text ?? '')) continue;
        else {
          try {
            lines.push(
              `el.${field.name} = ${JSON.stringify(value, null, 2)!.replace(/\n/g, '\n  ')};`,
            );
          } catch {
            /* not JSON: left out */
          }
        }
      }
      if (!lines.length) return;
      const pick = node.id
        ? `document.getElementById(${JSON.stringify(node.id)})`
        : all.length > 1
          ? `document.querySelectorAll('${tag}')[${i}]`
          : `document.querySelector('${tag}')`;
      code.push(`{\n  const el = ${pick};\n  ${lines.join('\n  ')}\n}`);
    });
  }
  const module = code.length ? [`<script type="module">\n${code.join('\n')}\n</script>`] : [];
  return [...scripts, markup, ...module].join('\n');
}

/**
 * One entry of the event log: the event's name, its element and its detail (a CustomEvent's
 * detail, else the event class's own fields, as the elements' events carry their data).
 * Native events (the UIEvent `detail` counter, say) show no detail.
 */
export function logEvent(log: HTMLElement, ev: Event) {
  const own = Object.fromEntries(Object.entries(ev).filter(([k]) => k !== 'isTrusted'));
  // A CustomEvent's detail, or an event class's own `detail` field (geo-select has both
  // fields and detail), else its own fields.
  const detail = ev instanceof CustomEvent ? ev.detail : 'detail' in own ? own.detail : own;
  let text: string;
  try {
    text = JSON.stringify(detail, null, 1) ?? '';
  } catch {
    text = String(detail);
  }
  const entry = el(
    'li',
    { className: 'log-entry' },
    el('strong', { textContent: ev.type }),
    ' ',
    el('code', { textContent: `<${(ev.target as Element)?.localName}>` }),
  );
  if (text && text !== '{}') entry.append(el('pre', { textContent: text }));
  log.prepend(entry);
}

/**
 * Puts a story into `page`: its canvas, then the panels (controls of its first element, the
 * event log, the snippet). Resolves false, leaving `page` alone, when `isCurrent()` says
 * that another story was chosen while this one's setup ran.
 */
export async function mountStory(
  page: HTMLElement,
  story: Story,
  declarations: Map<string, CemDeclaration>,
  { lang = 'de', isCurrent = () => true }: { lang?: string; isCurrent?: () => boolean } = {},
): Promise<boolean> {
  const canvas = el('div', { className: 'canvas' });
  canvas.setAttribute('lang', lang);
  // Story markup is our own, static source code (demo/stories), never API or visitor text.
  canvas.innerHTML = story.html;
  // A fault an earlier story turned on (some last until cleared) must not break this one.
  await clearSandboxFaults().catch(() => undefined);
  // Setup runs before the canvas is in the page, so that elements which need a token or a
  // sandbox fault first never start a request without it.
  try {
    if (story.setup) await story.setup(canvas);
  } catch (e) {
    // Mostly: no sandbox under /restapi/api (a static copy of the demo on its own).
    if (!isCurrent()) return false;
    const alert = el('p', {
      className: 'story-error',
      textContent: `Die Story ließ sich nicht vorbereiten: ${(e as Error)?.message ?? String(e)}. Läuft die Sandbox unter /restapi/api (npm start oder npm run preview:demo)?`,
    });
    alert.setAttribute('role', 'alert');
    page.replaceChildren(alert);
    return false;
  }
  if (!isCurrent()) return false;
  page.replaceChildren(canvas);

  const snippet = el('pre', { id: 'snippet', tabIndex: 0 });
  snippet.setAttribute('aria-label', 'HTML-Snippet');
  let refreshControls = () => {};
  const update = () => {
    snippet.textContent = snippetFor(canvas, declarations);
    refreshControls();
  };
  const copy = el('button', { className: 'copy', type: 'button', textContent: 'Kopieren' });
  const copyStatus = el('span', { className: 'copy-status' });
  copyStatus.setAttribute('role', 'status');
  copy.addEventListener('click', async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(snippet.textContent ?? '');
      copyStatus.textContent = 'Kopiert.';
    } catch {
      // No clipboard access (an insecure origin, a denied permission): select the text instead.
      getSelection()?.selectAllChildren(snippet);
      snippet.focus();
      copyStatus.textContent = 'Kopieren nicht erlaubt: der Text ist markiert, Strg+C kopiert ihn.';
    }
  });

  // Not a live region: an element's events (input on every keystroke) would talk over it.
  const log = el('ol', { className: 'log', id: 'event-log', tabIndex: 0 });
  log.setAttribute('aria-label', 'Events, neueste zuerst');
  const clear = el('button', { type: 'button', textContent: 'Leeren' });
  clear.addEventListener('click', () => log.replaceChildren());

  const controlsPanel = el(
    'section',
    { className: 'panel' },
    el('h2', { textContent: 'Controls' }),
  );
  // One set of controls per element of the story (a composition has two); the first keeps
  // the plain ids (ctl-attr-<name>), the others are numbered (ctl2-attr-<name>, …).
  const targets = [...canvas.querySelectorAll<HTMLElement>('*')].filter((n) =>
    declarations.has(n.localName),
  );
  const refreshers: (() => void)[] = [];
  for (const [i, target] of targets.entries()) {
    await customElements.whenDefined(target.localName);
    if (!isCurrent()) return false;
    const decl = declarations.get(target.localName)!;
    const controls = buildControls(target, decl, update, i === 0 ? 'ctl' : `ctl${i + 1}`);
    refreshers.push(controls.refresh);
    const title = `<${target.localName}>${target.id ? ` #${target.id}` : ''}`;
    controlsPanel.append(
      targets.length > 1 ? el('h3', { textContent: title }) : el('p', { textContent: title }),
      controls.box,
    );
  }
  refreshControls = () => refreshers.forEach((r) => r());
  if (!targets.length)
    controlsPanel.append(
      el('p', { textContent: 'Kein Element mit Manifest-Eintrag in dieser Story.' }),
    );
  // Each element's own events, as its manifest entry names them, on the element itself (so
  // an event that does not bubble is logged too, and each event once).
  canvas.querySelectorAll('*').forEach((n) => {
    for (const e of declarations.get(n.localName)?.events ?? []) {
      if (!e.name) continue;
      n.addEventListener(e.name, (ev) => {
        if (ev.target !== n) return;
        logEvent(log, ev);
        // The event's handlers run first: the controls then show the state it left.
        setTimeout(refreshControls);
      });
    }
  });
  // Attributes the element or a control changed: the snippet and the controls follow.
  new MutationObserver(update).observe(canvas, { attributes: true, subtree: true });

  page.append(
    el(
      'div',
      { className: 'panels' },
      controlsPanel,
      el('section', { className: 'panel' }, el('h2', { textContent: 'Events' }), clear, log),
      el(
        'section',
        { className: 'panel' },
        el('h2', { textContent: 'HTML-Snippet' }),
        copy,
        copyStatus,
        snippet,
      ),
    ),
  );
  update();
  return true;
}

/**
 * The sidebar: each group's stories and docs, the other documentation pages, and the sandbox's outbox. It is built once;
 * `markCurrent` then only moves aria-current, so the link a keyboard user just followed
 * keeps the focus (rebuilding the links dropped it to the body).
 */
export function buildNav(
  nav: HTMLElement,
  groups: [string, Story[]][],
  declarations: Map<string, CemDeclaration>,
  docs: [href: string, title: string][] = [],
): void {
  for (const [group, stories] of groups) {
    const list = el('ul');
    stories.forEach((s, i) =>
      list.append(
        el('li', {}, el('a', { href: `#/${group}/${i}`, textContent: s.name, lang: 'en' })),
      ),
    );
    if (declarations.has(group))
      list.append(el('li', {}, el('a', { href: `#/${group}/docs`, textContent: 'Docs' })));
    nav.append(el('h2', { textContent: group }), list);
  }
  if (docs.length) {
    nav.append(
      el('h2', { textContent: 'Dokumentation' }),
      el(
        'ul',
        {},
        ...docs.map(([href, title]) =>
          el('li', {}, el('a', { href, textContent: title, lang: 'en' })),
        ),
      ),
    );
  }
  nav.append(
    el('h2', { textContent: 'Sandbox' }),
    el(
      'ul',
      {},
      el('li', {}, el('a', { href: '#/outbox', textContent: 'Sandbox-Postausgang (E-Mails)' })),
    ),
  );
}

export type Route =
  | { kind: 'outbox'; hash: string }
  | { kind: 'docs'; hash: string; group: string; anchor: string }
  | { kind: 'page'; hash: string; page: string; anchor: string }
  | { kind: 'story'; hash: string; group: string; index: number }
  | { kind: 'group'; hash: string; group: string };

/**
 * The demo's routes: `#/<group>/<index>`, `#/<group>/docs` (an element's page, docs/elements/),
 * `#/docs/<page>` (docs/<page>.md), both with an optional `/<anchor>` of a heading,
 * `#/<group>`, `#/outbox`, and `#/` or nothing for the home page (a `group` route with an empty group). Any other hash is
 * an in-page anchor (the skip link's `#main`): null, the page stays.
 */
export function parseRoute(hash: string): Route | null {
  if (hash === '' || hash === '#') hash = '#/';
  if (!hash.startsWith('#/')) return null;
  const [, group = '', which, anchor = ''] = hash.split('/');
  if (group === 'outbox') return { kind: 'outbox', hash };
  // docs/<page>.md and docs/elements/<tag>.md (demo/docs.ts routeOfPage), with an optional heading's anchor
  if (group === 'docs' && which) return { kind: 'page', hash, page: which, anchor };
  if (which === 'docs') return { kind: 'docs', hash, group, anchor };
  if (which !== undefined && which !== '' && /^\d+$/.test(which))
    return { kind: 'story', hash, group, index: Number(which) };
  return { kind: 'group', hash, group };
}

/** Marks the link of the current route (`#/group/index`) with aria-current="page". */
export function markCurrent(nav: HTMLElement, current: string): void {
  for (const a of nav.querySelectorAll('a')) {
    if (a.getAttribute('href') === current) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
}

interface OutboxMail {
  id: string;
  exposeId?: string;
  to?: string;
  subject?: string;
  date?: string;
  text?: string;
  attachmentName?: string;
  attachmentXml?: string;
}

/**
 * The sandbox's outbox: each e-mail a contact request produced, its text and its OpenImmo
 * attachment, as text (the visitor's message is never markup). A status line says what
 * happened; the list itself is no live region (it would read every e-mail aloud).
 */
export async function mountOutbox(page: HTMLElement): Promise<void> {
  const refresh = el('button', { type: 'button', textContent: 'Aktualisieren' });
  const status = el('p', { className: 'outbox-status' });
  status.setAttribute('role', 'status');
  const list = el('div');
  refresh.addEventListener('click', () => void load());
  page.replaceChildren(refresh, status, list);
  async function load() {
    status.textContent = 'Lädt …';
    try {
      const res = await fetch('/restapi/api/sandbox/outbox', {
        headers: { Accept: 'application/json' },
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const mails = (await res.json()) as OutboxMail[];
      list.replaceChildren();
      status.textContent = mails.length
        ? `${mails.length} ${mails.length === 1 ? 'E-Mail' : 'E-Mails'}, die neueste zuerst.`
        : 'Noch keine E-Mails. Schicke eine Kontaktanfrage aus einer contact-realtor-Story.';
      for (const m of [...mails].reverse()) {
        const box = el('article', { className: 'mail' });
        box.append(
          el('h2', { textContent: m.subject ?? '(ohne Betreff)' }),
          el('p', {
            textContent: `An: ${m.to ?? ''} · ${m.date ?? ''} · Exposé ${m.exposeId ?? ''}`,
          }),
          el('pre', { textContent: m.text ?? '', tabIndex: 0 }),
        );
        if (m.attachmentXml) {
          box.append(
            el('h3', { textContent: `Anhang: ${m.attachmentName ?? 'openimmo.xml'}` }),
            el('pre', { className: 'attachment', textContent: m.attachmentXml, tabIndex: 0 }),
          );
        }
        box.append(
          el(
            'p',
            {},
            el('a', {
              href: `/restapi/api/sandbox/outbox/${encodeURIComponent(m.id)}.eml`,
              textContent: 'Rohe E-Mail (.eml)',
            }),
          ),
        );
        list.append(box);
      }
    } catch (e) {
      status.textContent = `Postausgang nicht erreichbar: ${(e as Error).message}`;
    }
  }
  await load();
}
