/// <reference types="vite/client" />
/**
 * The demo page: a small Storybook-style shell. Stories live in demo/stories/*.stories.ts
 * (one file per element, plus compositions); controls, docs and the event log are
 * generated from custom-elements.json, so they always match the elements' JSDoc.
 */
import '../src/define.js';
import manifest from '../custom-elements.json';
import type { Story } from './story.js';

interface CemType { text: string }
interface CemAttribute { name: string; type?: CemType; default?: string; description?: string; fieldName?: string }
interface CemMember {
  kind: string; name: string; type?: CemType; default?: string; description?: string;
  privacy?: string; static?: boolean; attribute?: string; readonly?: boolean;
}
interface CemNamed { name: string; description?: string; type?: CemType; default?: string }
interface CemDeclaration {
  kind: string; name: string; tagName?: string; customElement?: boolean; summary?: string; description?: string;
  attributes?: CemAttribute[]; members?: CemMember[]; events?: CemNamed[]; slots?: CemNamed[];
  cssParts?: CemNamed[]; cssProperties?: CemNamed[];
}

const ELEMENTS = ['geo-autocomplete', 'region-stats', 'contact-realtor', 'property-text', 'project-picker'] as const;
const SCRIPT_BASE = 'https://your-cdn.example/immo-elements/dist';

const storyModules = import.meta.glob<{ default: Story[] }>('./stories/*.stories.ts', { eager: true });
const storiesByGroup = new Map<string, Story[]>();
for (const [path, mod] of Object.entries(storyModules)) {
  const group = path.replace('./stories/', '').replace('.stories.ts', '');
  storiesByGroup.set(group, mod.default ?? []);
}

const declarations = new Map<string, CemDeclaration>();
for (const mod of (manifest as { modules?: { declarations?: CemDeclaration[] }[] }).modules ?? []) {
  for (const d of mod.declarations ?? []) if (d.customElement && d.tagName) declarations.set(d.tagName, d);
}

const $ = <T extends Element>(sel: string) => document.querySelector(sel) as T;
const el = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]) => {
  const node = document.createElement(tag);
  Object.assign(node, props);
  node.append(...children);
  return node;
};

function groups(): string[] {
  const extra = [...storiesByGroup.keys()].filter((g) => !(ELEMENTS as readonly string[]).includes(g)).sort();
  return [...ELEMENTS.filter((t) => storiesByGroup.has(t) || declarations.has(t)), ...extra];
}

function renderNav(current: string) {
  const nav = $<HTMLElement>('#nav');
  nav.replaceChildren();
  for (const group of groups()) {
    const list = el('ul');
    (storiesByGroup.get(group) ?? []).forEach((s, i) => {
      const href = `#/${group}/${i}`;
      const a = el('a', { href, textContent: s.name });
      if (href === current) a.setAttribute('aria-current', 'page');
      list.append(el('li', {}, a));
    });
    if (declarations.has(group)) {
      const href = `#/${group}/docs`;
      const a = el('a', { href, textContent: 'Docs' });
      if (href === current) a.setAttribute('aria-current', 'page');
      list.append(el('li', {}, a));
    }
    nav.append(el('h2', { textContent: group }), list);
  }
  const a = el('a', { href: '#/outbox', textContent: 'Sandbox-Postausgang (E-Mails)' });
  if (current === '#/outbox') a.setAttribute('aria-current', 'page');
  nav.append(el('h2', { textContent: 'Sandbox' }), el('ul', {}, el('li', {}, a)));
}

function setTitle(title: string, description = '') {
  $<HTMLElement>('#page-title').textContent = title;
  $<HTMLElement>('#page-description').textContent = description;
  document.title = `${title} · immo-elements`;
}

/** Attribute or property type → the kind of control. */
function enumValues(type?: CemType): string[] | null {
  if (!type) return null;
  const parts = type.text.split('|').map((p) => p.trim()).filter((p) => p !== 'undefined' && p !== 'null');
  if (parts.length > 1 && parts.every((p) => /^['"].*['"]$/.test(p))) return parts.map((p) => p.slice(1, -1));
  return null;
}

function publicFields(decl: CemDeclaration): CemMember[] {
  return (decl.members ?? []).filter(
    (m) => m.kind === 'field' && !m.static && (m.privacy ?? 'public') === 'public' && !m.name.startsWith('_'),
  );
}

function buildControls(target: HTMLElement, decl: CemDeclaration, onChange: () => void): HTMLElement {
  const box = el('div', { className: 'controls' });
  const attrs = decl.attributes ?? [];
  const attrFields = new Set(attrs.map((a) => a.fieldName).filter(Boolean));
  for (const attr of attrs) {
    const id = `ctl-attr-${attr.name}`;
    const label = el('label', { htmlFor: id, textContent: attr.name });
    const values = enumValues(attr.type);
    const isBool = attr.type?.text.replace(/\s*\|\s*undefined/, '') === 'boolean';
    let input: HTMLInputElement | HTMLSelectElement;
    if (isBool) {
      input = el('input', { type: 'checkbox', id, checked: target.hasAttribute(attr.name) });
      input.setAttribute('role', 'switch');
      input.addEventListener('change', () => {
        target.toggleAttribute(attr.name, (input as HTMLInputElement).checked);
        onChange();
      });
    } else if (values) {
      input = el('select', { id });
      input.append(el('option', { value: '', textContent: '(default)' }), ...values.map((v) => el('option', { value: v, textContent: v })));
      input.value = target.getAttribute(attr.name) ?? '';
      input.addEventListener('change', () => {
        const v = (input as HTMLSelectElement).value;
        if (v) target.setAttribute(attr.name, v);
        else target.removeAttribute(attr.name);
        onChange();
      });
    } else {
      input = el('input', { type: 'text', id, value: target.getAttribute(attr.name) ?? '', placeholder: attr.default ?? '' });
      input.addEventListener('change', () => {
        const v = (input as HTMLInputElement).value;
        if (v !== '') target.setAttribute(attr.name, v);
        else target.removeAttribute(attr.name);
        onChange();
      });
    }
    box.append(label, input);
    if (attr.description) box.append(el('p', { className: 'hint', textContent: attr.description }));
  }
  for (const field of publicFields(decl)) {
    if (attrFields.has(field.name) || field.attribute) continue;
    const id = `ctl-prop-${field.name}`;
    const label = el('label', { htmlFor: id, textContent: `.${field.name}` });
    const isFunction = /=>|Function|Client/.test(field.type?.text ?? '');
    let current = '';
    try {
      const v = (target as unknown as Record<string, unknown>)[field.name];
      current = v === undefined || typeof v === 'function' ? '' : JSON.stringify(v);
    } catch {
      current = '';
    }
    const input = el('textarea', { id, rows: 1, value: current, readOnly: field.readonly || isFunction });
    input.placeholder = isFunction ? 'set from code' : 'JSON';
    input.addEventListener('change', () => {
      try {
        (target as unknown as Record<string, unknown>)[field.name] = input.value.trim() === '' ? undefined : JSON.parse(input.value);
        input.setCustomValidity('');
      } catch {
        input.setCustomValidity('Kein gültiges JSON / not valid JSON');
        input.reportValidity();
      }
      onChange();
    });
    box.append(label, input);
    const hint = [field.type?.text, field.description].filter(Boolean).join(' — ');
    if (hint) box.append(el('p', { className: 'hint', textContent: hint }));
  }
  if (!box.childElementCount) box.append(el('p', { textContent: 'Keine Attribute im Manifest.' }));
  return box;
}

function snippetFor(canvas: HTMLElement): string {
  const tags = new Set<string>();
  canvas.querySelectorAll('*').forEach((n) => {
    if (n.localName.includes('-') && customElements.get(n.localName)) tags.add(n.localName);
  });
  const scripts = [...tags]
    .filter((t) => (ELEMENTS as readonly string[]).includes(t))
    .map((t) => `<script type="module" src="${SCRIPT_BASE}/${t}.js"></script>`);
  const clone = canvas.cloneNode(true) as HTMLElement;
  const markup = clone.innerHTML.replace(/<!--[^]*?-->/g, '').replace(/\n\s*\n/g, '\n').trim();
  return [...scripts, markup].join('\n');
}

function logEvent(log: HTMLElement, ev: Event) {
  const detail = (ev as CustomEvent).detail ?? Object.fromEntries(Object.entries(ev).filter(([k]) => k !== 'isTrusted'));
  let text: string;
  try {
    text = JSON.stringify(detail, null, 1) ?? '';
  } catch {
    text = String(detail);
  }
  const entry = el('div', { className: 'log-entry' }, el('strong', { textContent: ev.type }), ' ', el('code', { textContent: `<${(ev.target as Element)?.localName}>` }));
  if (text && text !== '{}') entry.append(el('pre', { textContent: text }));
  log.prepend(entry);
}

async function renderStory(group: string, index: number) {
  const story = storiesByGroup.get(group)?.[index];
  const page = $<HTMLElement>('#page');
  page.replaceChildren();
  if (!story) {
    setTitle('Nicht gefunden', 'Diese Story gibt es nicht.');
    return;
  }
  setTitle(`${group} · ${story.name}`, story.description);
  const canvas = el('div', { className: 'canvas' });
  canvas.setAttribute('lang', $<HTMLSelectElement>('#lang').value);
  // Story markup is our own, static source code (demo/stories), never API or visitor text.
  canvas.innerHTML = story.html;
  // Setup runs before the canvas is in the page, so that elements which need a token or a
  // sandbox fault first never start a request without it.
  if (story.setup) await story.setup(canvas);
  page.append(canvas);

  const snippet = el('pre');
  const update = () => (snippet.textContent = snippetFor(canvas));
  const copy = el('button', { className: 'copy', type: 'button', textContent: 'Kopieren' });
  copy.addEventListener('click', () => void navigator.clipboard?.writeText(snippet.textContent ?? ''));

  const log = el('div', { className: 'log' });
  log.setAttribute('aria-live', 'polite');
  const clear = el('button', { type: 'button', textContent: 'Leeren' });
  clear.addEventListener('click', () => log.replaceChildren());

  const controlsPanel = el('section', { className: 'panel' }, el('h2', { textContent: 'Controls' }));
  const target = [...canvas.querySelectorAll<HTMLElement>('*')].find((n) => declarations.has(n.localName));
  if (target) {
    await customElements.whenDefined(target.localName);
    const decl = declarations.get(target.localName)!;
    controlsPanel.append(el('p', { textContent: `<${target.localName}>` }), buildControls(target, decl, update));
  } else {
    controlsPanel.append(el('p', { textContent: 'Kein Element mit Manifest-Eintrag in dieser Story.' }));
  }
  const eventNames = new Set<string>(['change', 'input']);
  canvas.querySelectorAll('*').forEach((n) => declarations.get(n.localName)?.events?.forEach((e) => e.name && eventNames.add(e.name)));
  for (const name of eventNames) canvas.addEventListener(name, (ev) => logEvent(log, ev));

  page.append(
    el('div', { className: 'panels' },
      controlsPanel,
      el('section', { className: 'panel' }, el('h2', { textContent: 'Events' }), clear, log),
      el('section', { className: 'panel' }, el('h2', { textContent: 'HTML-Snippet' }), copy, snippet),
    ),
  );
  update();
}

function docsTable(caption: string, heads: string[], rows: string[][]): HTMLElement[] {
  if (!rows.length) return [];
  const table = el('table', { className: 'docs' });
  table.append(el('caption', { textContent: caption }));
  table.append(el('thead', {}, el('tr', {}, ...heads.map((h) => el('th', { scope: 'col', textContent: h })))));
  table.append(el('tbody', {}, ...rows.map((r) => el('tr', {}, ...r.map((c) => el('td', { textContent: c }))))));
  return [el('h2', { textContent: caption }), table];
}

function renderDocs(tag: string) {
  const decl = declarations.get(tag);
  const page = $<HTMLElement>('#page');
  page.replaceChildren();
  if (!decl) {
    setTitle(tag, 'Kein Eintrag in custom-elements.json.');
    return;
  }
  setTitle(`<${tag}>`, decl.summary ?? decl.description ?? '');
  if (decl.description && decl.summary) page.append(el('p', { textContent: decl.description }));
  page.append(
    ...docsTable('Attributes', ['Name', 'Type', 'Default', 'Description'], (decl.attributes ?? []).map((a) => [a.name, a.type?.text ?? '', a.default ?? '', a.description ?? ''])),
    ...docsTable('Properties', ['Name', 'Attribute', 'Type', 'Default', 'Description'], publicFields(decl).map((m) => [m.name, m.attribute ?? '', m.type?.text ?? '', m.default ?? '', m.description ?? ''])),
    ...docsTable('Methods', ['Name', 'Description'], (decl.members ?? []).filter((m) => m.kind === 'method' && (m.privacy ?? 'public') === 'public' && !m.static).map((m) => [m.name + '()', m.description ?? ''])),
    ...docsTable('Events', ['Name', 'Type', 'Description'], (decl.events ?? []).map((e) => [e.name, e.type?.text ?? '', e.description ?? ''])),
    ...docsTable('Slots', ['Name', 'Description'], (decl.slots ?? []).map((s) => [s.name || '(default)', s.description ?? ''])),
    ...docsTable('CSS parts', ['Name', 'Description'], (decl.cssParts ?? []).map((s) => [s.name, s.description ?? ''])),
    ...docsTable('CSS custom properties', ['Name', 'Default', 'Description'], (decl.cssProperties ?? []).map((s) => [s.name, s.default ?? '', s.description ?? ''])),
  );
}

interface OutboxMail { id: string; exposeId?: string; to?: string; subject?: string; date?: string; text?: string; attachmentName?: string; attachmentXml?: string }

async function renderOutbox() {
  setTitle('Sandbox-Postausgang', 'Die E-Mails, die Kontaktanfragen in der Sandbox erzeugt haben, mit ihrem OpenImmo-Anhang.');
  const page = $<HTMLElement>('#page');
  const refresh = el('button', { type: 'button', textContent: 'Aktualisieren' });
  const list = el('div');
  list.setAttribute('aria-live', 'polite');
  refresh.addEventListener('click', () => void load());
  page.replaceChildren(refresh, list);
  async function load() {
    list.replaceChildren(el('p', { textContent: 'Lädt …' }));
    try {
      const res = await fetch('/restapi/api/sandbox/outbox', { headers: { Accept: 'application/json' } });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const mails = (await res.json()) as OutboxMail[];
      list.replaceChildren();
      if (!mails.length) list.append(el('p', { textContent: 'Noch keine E-Mails. Schicke eine Kontaktanfrage aus einer contact-realtor-Story.' }));
      for (const m of mails) {
        const box = el('article', { className: 'mail' });
        box.append(
          el('h2', { textContent: m.subject ?? '(ohne Betreff)' }),
          el('p', { textContent: `An: ${m.to ?? ''} · ${m.date ?? ''} · Exposé ${m.exposeId ?? ''}` }),
          el('pre', { textContent: m.text ?? '' }),
        );
        if (m.attachmentXml) {
          box.append(el('h3', { textContent: `Anhang: ${m.attachmentName ?? 'openimmo.xml'}` }), el('pre', { textContent: m.attachmentXml }));
        }
        box.append(el('a', { href: `/restapi/api/sandbox/outbox/${encodeURIComponent(m.id)}.eml`, textContent: 'Rohe E-Mail (.eml)' }));
        list.append(box);
      }
    } catch (e) {
      list.replaceChildren(el('p', { textContent: `Postausgang nicht erreichbar: ${(e as Error).message}` }));
    }
  }
  await load();
}

function renderHome() {
  setTitle('immo-elements', 'Fünf Web Components für die Dienste des Portals, mit einem Script-Tag oder einem npm-Import eingebunden.');
  const page = $<HTMLElement>('#page');
  const cards = el('ul', { className: 'cards' });
  for (const tag of ELEMENTS) {
    const decl = declarations.get(tag);
    const stories = storiesByGroup.get(tag) ?? [];
    cards.append(
      el(
        'li',
        {},
        el('h2', {}, el('code', { textContent: `<${tag}>` })),
        el('p', { textContent: decl?.summary ?? '' }),
        el('p', {}, el('a', { href: `#/${tag}/0`, textContent: `${stories.length} Stories` }), ' · ', el('a', { href: `#/${tag}/docs`, textContent: 'Docs' })),
      ),
    );
  }
  page.replaceChildren(
    cards,
    el('h2', { textContent: 'Einbinden' }),
    el('p', { textContent: 'Per Script-Tag (ein Element oder alle fünf in dist/immo-elements.js):' }),
    el('pre', { textContent: `<script type="module" src="${SCRIPT_BASE}/geo-autocomplete.js"></script>\n<geo-autocomplete base-url="/restapi/api" name="ort"></geo-autocomplete>` }),
    el('p', { textContent: 'Per npm:' }),
    el('pre', { textContent: "npm install immo-elements\n\nimport 'immo-elements/geo-autocomplete/define';" }),
    el('p', {
      textContent:
        'Jede Story läuft gegen die eingebaute Sandbox unter /restapi/api. Controls, Docs und das Event-Log werden aus custom-elements.json erzeugt; der Postausgang zeigt die E-Mails, die Kontaktanfragen erzeugt haben.',
    }),
  );
}

async function route() {
  const hash = location.hash || '#/';
  renderNav(hash);
  const [, group, which] = hash.split('/');
  if (group === 'outbox') await renderOutbox();
  else if (group && which === 'docs') renderDocs(group);
  else if (group && which !== undefined) await renderStory(group, Number(which));
  else if (group && storiesByGroup.has(group)) await renderStory(group, 0);
  else renderHome();
}

function applyTheme(theme: string) {
  document.documentElement.dataset.theme = theme;
  localStorage.setItem('immo-demo-theme', theme);
}

const themeSelect = $<HTMLSelectElement>('#theme');
const langSelect = $<HTMLSelectElement>('#lang');
themeSelect.value = localStorage.getItem('immo-demo-theme') ?? (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
applyTheme(themeSelect.value);
langSelect.value = localStorage.getItem('immo-demo-lang') ?? 'de';
themeSelect.addEventListener('change', () => applyTheme(themeSelect.value));
langSelect.addEventListener('change', () => {
  localStorage.setItem('immo-demo-lang', langSelect.value);
  document.documentElement.lang = langSelect.value;
  void route();
});
document.documentElement.lang = langSelect.value;
window.addEventListener('hashchange', () => void route());
void route();
