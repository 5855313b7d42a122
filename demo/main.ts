/// <reference types="vite/client" />
/**
 * The demo page: a small Storybook-style shell. Stories live in demo/stories/*.stories.ts
 * (one file per element, plus compositions); controls, docs and the event log are
 * generated from custom-elements.json, so they always match the elements' JSDoc.
 */
// First: this tab's sandbox fault scope, before anything can ask the sandbox.
import './sandbox-scope.js';
import '../src/define.js';
import manifest from '../custom-elements.json';
import type { Story } from './story.js';
import {
  ELEMENTS,
  SCRIPT_BASE,
  buildNav,
  declarationsOf,
  el,
  markCurrent,
  mountOutbox,
  mountStory,
  parseRoute,
} from './shell.js';
import { inlineMarkdown, renderPage, titleOf } from './docs.js';
import { isTag } from './tags.js';

const storyModules = import.meta.glob<{ default: Story[] }>('./stories/*.stories.ts', {
  eager: true,
});
const storiesByGroup = new Map<string, Story[]>();
for (const [path, mod] of Object.entries(storyModules)) {
  const group = path.replace('./stories/', '').replace('.stories.ts', '');
  storiesByGroup.set(group, mod.default ?? []);
}

const declarations = declarationsOf(manifest);

/** The pages of docs/ beside the element pages (embedding, theming …), as routes and titles, in a reader's order. */
const GUIDES = ['embedding', 'theming', 'gateway', 'sandbox', 'testing', 'architecture'];
const guides = (): [string, string][] =>
  GUIDES.filter((g) => pages.has(`docs/${g}.md`)).map((g) => [
    `#/docs/${g}`,
    titleOf(pages.get(`docs/${g}.md`)!),
  ]);

/** The repository's documentation pages, by path from the root (docs/elements/<tag>.md …): the text partners read. */
const pages = new Map(
  Object.entries(
    import.meta.glob<string>('../docs/**/*.md', { query: '?raw', import: 'default', eager: true }),
  ).map(([path, text]) => [path.replace('../', ''), text]),
);

const $ = <T extends Element>(sel: string) => document.querySelector(sel) as T;

function groups(): string[] {
  const extra = [...storiesByGroup.keys()].filter((g) => !isTag(g)).sort();
  return [...ELEMENTS.filter((t) => storiesByGroup.has(t) || declarations.has(t)), ...extra];
}

function renderNav(current: string) {
  const nav = $<HTMLElement>('#nav');
  if (!nav.childElementCount)
    buildNav(
      nav,
      groups().map((g) => [g, storiesByGroup.get(g) ?? []]),
      declarations,
      guides(),
    );
  markCurrent(nav, current);
}

/**
 * The navigation on a phone (under 700 px, demo.css): a disclosure button "Stories", closed
 * at first, so that the story comes first rather than 60 links. Following a link closes it
 * again. On a wider screen the button is hidden and the navigation always shown.
 */
const navToggle = $<HTMLButtonElement>('#nav-toggle');
function setNavOpen(open: boolean) {
  navToggle.setAttribute('aria-expanded', String(open));
  $<HTMLElement>('#nav').classList.toggle('open', open);
}
navToggle.addEventListener('click', () =>
  setNavOpen(navToggle.getAttribute('aria-expanded') !== 'true'),
);
$<HTMLElement>('#nav').addEventListener('click', (e) => {
  if ((e.target as Element).closest('a') && getComputedStyle(navToggle).display !== 'none')
    setNavOpen(false);
});
$<HTMLElement>('#nav').addEventListener('keydown', (e) => {
  if (
    e.key === 'Escape' &&
    navToggle.getAttribute('aria-expanded') === 'true' &&
    getComputedStyle(navToggle).display !== 'none'
  ) {
    setNavOpen(false);
    navToggle.focus();
  }
});
setNavOpen(false);

/** Stories and the manifest's texts are in English, the rest of the page in German. */
function setTitle(title: string, description = '', lang = 'de') {
  $<HTMLElement>('#page-title').textContent = title;
  $<HTMLElement>('#page-description').replaceChildren(inlineMarkdown(description));
  for (const sel of ['#page-title', '#page-description']) $<HTMLElement>(sel).lang = lang;
  $<HTMLElement>('#page').removeAttribute('lang');
  document.title = `${title} · immo-elements`;
}

/** Counts routes: a story whose setup is still running when the visitor moves on is dropped. */
let generation = 0;

async function renderStory(group: string, index: number) {
  const story = storiesByGroup.get(group)?.[index];
  const page = $<HTMLElement>('#page');
  page.replaceChildren();
  if (!story) {
    setTitle('Nicht gefunden', 'Diese Story gibt es nicht.');
    return;
  }
  setTitle(`${group} · ${story.name}`, story.description, 'en');
  const mine = generation;
  await mountStory(page, story, declarations, {
    lang: $<HTMLSelectElement>('#lang').value,
    isCurrent: () => mine === generation,
  });
}

/** One page of docs/ (an element's page for `#/<tag>/docs`), scrolled to a heading's anchor when the route names one. */
function renderDocs(path: string, anchor: string) {
  const page = $<HTMLElement>('#page');
  page.replaceChildren();
  const text = pages.get(path);
  if (!text) {
    setTitle('Nicht gefunden', 'Diese Seite gibt es nicht.');
    return;
  }
  setTitle(titleOf(text), '', 'en');
  page.lang = 'en';
  page.append(renderPage(text, path));
  if (anchor) document.getElementById(anchor)?.scrollIntoView();
}

async function renderOutbox() {
  setTitle(
    'Sandbox-Postausgang',
    'Die E-Mails, die Kontaktanfragen in der Sandbox erzeugt haben, mit ihrem OpenImmo-Anhang.',
  );
  await mountOutbox($<HTMLElement>('#page'));
}

function renderHome() {
  setTitle(
    'immo-elements',
    'Fünf Web Components für die Dienste des Portals, mit einem Script-Tag oder einem npm-Import eingebunden.',
  );
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
        el(
          'p',
          {},
          el('a', { href: `#/${tag}/0`, textContent: `${stories.length} Stories` }),
          ' · ',
          el('a', { href: `#/${tag}/docs`, textContent: 'Docs' }),
        ),
      ),
    );
  }
  page.replaceChildren(
    cards,
    el('h2', { textContent: 'Dokumentation' }),
    el(
      'ul',
      {},
      ...guides().map(([href, title]) =>
        el('li', {}, el('a', { href, textContent: title, lang: 'en' })),
      ),
    ),
    el('h2', { textContent: 'Einbinden' }),
    el('p', {
      textContent: 'Per Script-Tag (ein Element oder alle fünf in dist/immo-elements.js):',
    }),
    el('pre', {
      textContent: `<script type="module" src="${SCRIPT_BASE}/geo-autocomplete.js"></script>\n<geo-autocomplete base-url="/restapi/api" name="ort"></geo-autocomplete>`,
    }),
    el('p', { textContent: 'Per npm:' }),
    el('pre', {
      textContent: "npm install immo-elements\n\nimport 'immo-elements/geo-autocomplete/define';",
    }),
    el('p', {
      textContent:
        'Jede Story läuft gegen die eingebaute Sandbox unter /restapi/api. Controls, Docs und das Event-Log werden aus custom-elements.json erzeugt; der Postausgang zeigt die E-Mails, die Kontaktanfragen erzeugt haben.',
    }),
  );
}

async function route() {
  const r = parseRoute(location.hash);
  // An in-page anchor (the skip link's #main): the page stays as it is.
  if (!r) return;
  generation++;
  renderNav(r.hash);
  if (r.kind === 'outbox') await renderOutbox();
  else if (r.kind === 'docs') renderDocs(`docs/elements/${r.group}.md`, r.anchor);
  else if (r.kind === 'page') renderDocs(`docs/${r.page}.md`, r.anchor);
  else if (r.kind === 'story') await renderStory(r.group, r.index);
  else if (storiesByGroup.has(r.group)) await renderStory(r.group, 0);
  else renderHome();
}

// The skip link moves the focus without changing the route.
$<HTMLAnchorElement>('.skip').addEventListener('click', (e) => {
  e.preventDefault();
  $<HTMLElement>('#main').focus();
});

function applyTheme(theme: string) {
  document.documentElement.dataset.theme = theme;
  localStorage.setItem('immo-demo-theme', theme);
}

const themeSelect = $<HTMLSelectElement>('#theme');
const langSelect = $<HTMLSelectElement>('#lang');
themeSelect.value =
  localStorage.getItem('immo-demo-theme') ??
  (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
applyTheme(themeSelect.value);
langSelect.value = localStorage.getItem('immo-demo-lang') ?? 'de';
themeSelect.addEventListener('change', () => applyTheme(themeSelect.value));
// The switch sets the canvas's lang (the elements follow an ancestor's lang); the page around
// it stays German, so the document keeps lang="de".
// A story on screen is switched in place, so what a visitor typed stays.
langSelect.addEventListener('change', () => {
  localStorage.setItem('immo-demo-lang', langSelect.value);
  const canvas = document.querySelector('#page .canvas');
  if (canvas) canvas.setAttribute('lang', langSelect.value);
  else void route();
});
window.addEventListener('hashchange', () => void route());
void route();
