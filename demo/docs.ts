/**
 * The demo's one Markdown renderer: the documentation pages (README.md and docs/**.md) as the
 * demo shows them, the rules the links between them follow, and the short Markdown of the
 * manifest's JSDoc in the story views. One text: the demo's Docs view renders the same Markdown a
 * partner reads in the repository, and test/node/docs.test.ts checks every link and anchor
 * with the same slug and route rules as here.
 *
 * The Markdown is parsed by marked's lexer and built into DOM nodes: its text is set as text,
 * never as HTML (an HTML block, such as the `<!-- manifest-reference -->` markers, is left
 * out). Nothing here touches the DOM at import, so Node tests can use the link rules.
 */
import { Lexer, type Token, type Tokens } from 'marked';
import { isTag } from './tags.js';

/**
 * GitHub's heading anchors: lower case, everything but letters, digits, spaces, `-` and `_`
 * dropped, spaces as `-`; a repeated heading gets `-1`, `-2` … One slugger per page.
 */
export function slugger(): (heading: string) => string {
  const seen = new Map<string, number>();
  return (heading) => {
    const base = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return n ? `${base}-${n}` : base;
  };
}

/** The plain text of inline tokens (a heading's text as GitHub slugs it: code without its backticks). */
export function plainText(tokens: Token[] | undefined): string {
  return (tokens ?? [])
    .map((t) =>
      'tokens' in t && t.tokens
        ? plainText(t.tokens)
        : t.type === 'codespan' || t.type === 'text' || t.type === 'escape'
          ? (t as Tokens.Text).text
          : '',
    )
    .join('');
}

/** The anchors of a page: one per heading. */
export function anchorsOf(markdown: string): Set<string> {
  const slug = slugger();
  const out = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const t of tokens) {
      if (t.type === 'heading') out.add(slug(plainText((t as Tokens.Heading).tokens)));
    }
  };
  walk(new Lexer({ gfm: true }).lex(markdown));
  return out;
}

/** Every link of a page (outside code), with the line it is on. */
export function linksOf(markdown: string): { href: string; text: string }[] {
  const out: { href: string; text: string }[] = [];
  const walk = (tokens: Token[] | undefined) => {
    for (const t of tokens ?? []) {
      if (t.type === 'link')
        out.push({ href: (t as Tokens.Link).href, text: (t as Tokens.Link).text });
      if (t.type === 'table') {
        const table = t as Tokens.Table;
        for (const c of [...table.header, ...table.rows.flat()]) walk(c.tokens);
      } else if (t.type === 'list') {
        for (const item of (t as Tokens.List).items) walk(item.tokens);
      } else if ('tokens' in t) walk(t.tokens);
    }
  };
  walk(new Lexer({ gfm: true }).lex(markdown));
  return out;
}

/** Joins a relative path to the folder of `from` (both relative to the repository root). */
export function resolvePath(from: string, relative: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const p of relative.split('/')) {
    if (p === '..') parts.pop();
    else if (p !== '.' && p !== '') parts.push(p);
  }
  return parts.join('/');
}

/** The demo's route of a page of the repository, or null for a file the demo does not show. */
export function routeOfPage(path: string): string | null {
  if (path === 'README.md') return '#/';
  const element = /^docs\/elements\/([a-z-]+)\.md$/.exec(path);
  if (element && isTag(element[1]!)) return `#/${element[1]}/docs`;
  const page = /^docs\/([a-z-]+)\.md$/.exec(path);
  if (page) return `#/docs/${page[1]}`;
  return null;
}

export type LinkTarget =
  | { kind: 'external'; href: string }
  | { kind: 'page'; path: string; anchor: string }
  | { kind: 'demo'; route: string }
  | { kind: 'file'; path: string };

/** What a link of the page `from` points at, by the docs' conventions (see docs/testing.md). */
export function linkTarget(from: string, href: string): LinkTarget {
  if (/^[a-z][a-z+.-]*:/i.test(href)) return { kind: 'external', href };
  const hash = href.indexOf('#');
  const file = hash < 0 ? href : href.slice(0, hash);
  const anchor = hash < 0 ? '' : href.slice(hash + 1);
  const path = file ? resolvePath(from, file) : from;
  if (path === 'demo/index.html') return { kind: 'demo', route: `#${anchor}` };
  if (path.endsWith('.md')) return { kind: 'page', path, anchor };
  return { kind: 'file', path };
}

/** The demo's href for a link of the page `from`, or null when the demo has nothing to show there. */
export function demoHref(from: string, href: string): string | null {
  const t = linkTarget(from, href);
  if (t.kind === 'external') return t.href;
  if (t.kind === 'demo') return t.route;
  if (t.kind === 'file') return null;
  const route = routeOfPage(t.path);
  if (!route) return null;
  return t.anchor && route !== '#/' ? `${route}/${t.anchor}` : route;
}

const h = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
) => {
  const node = document.createElement(tag);
  Object.assign(node, props);
  node.append(...children);
  return node;
};

/**
 * Inline tokens as DOM nodes, their text as text. A link's target goes through `target`; where
 * it gives null the link becomes its text.
 */
function inlineNodes(
  tokens: Token[] | undefined,
  target: (href: string) => string | null,
): (Node | string)[] {
  const inline = (list: Token[] | undefined): (Node | string)[] =>
    (list ?? []).flatMap((t): (Node | string)[] => {
      switch (t.type) {
        case 'text':
          return 'tokens' in t && t.tokens ? inline(t.tokens) : [(t as Tokens.Text).text];
        case 'escape':
          return [(t as Tokens.Escape).text];
        case 'codespan':
          return [h('code', { textContent: (t as Tokens.Codespan).text })];
        case 'strong':
          return [h('strong', {}, ...inline((t as Tokens.Strong).tokens))];
        case 'em':
          return [h('em', {}, ...inline((t as Tokens.Em).tokens))];
        case 'del':
          return [h('del', {}, ...inline((t as Tokens.Del).tokens))];
        case 'br':
          return [h('br')];
        case 'link': {
          const link = t as Tokens.Link;
          const href = target(link.href);
          return href ? [h('a', { href }, ...inline(link.tokens))] : inline(link.tokens);
        }
        default:
          // Inline HTML and images: their text only, never markup.
          return 'text' in t && typeof t.text === 'string' ? [t.text] : [];
      }
    });
  return inline(tokens);
}

/**
 * The short Markdown of the manifest's JSDoc (an element's description, an attribute's or a
 * property's) as DOM nodes, rendered as the pages' paragraphs are. Its links go only to
 * http(s), relative or in-page targets; any other becomes its text.
 */
export function inlineMarkdown(text: string): DocumentFragment {
  const out = document.createDocumentFragment();
  const safe = (href: string) => (/^(https?:\/\/|#|\.{0,2}\/)/.test(href) ? href : null);
  out.append(...inlineNodes(Lexer.lexInline(text, { gfm: true }), safe));
  return out;
}

/**
 * A page as DOM nodes: its first `# heading` is left out (the demo shows it as the page title,
 * see `titleOf`); headings carry GitHub's anchors as ids; a table that follows a heading is
 * named by it (and scrolls in a labelled box of its own, reachable by keyboard, as wide
 * reference tables need on a phone); links are mapped to the demo's routes, and a link to a
 * file the demo does not show becomes its text.
 */
export function renderPage(markdown: string, path: string): DocumentFragment {
  const slug = slugger();
  const out = document.createDocumentFragment();
  let lastHeading = '';
  let lastHeadingText = '';
  /** Tables under the current heading: a second one is named "<heading> (2)", so that no two regions share a name. */
  let tablesUnder = 0;
  let titleSkipped = false;
  const inline = (tokens: Token[] | undefined) =>
    inlineNodes(tokens, (href) => demoHref(path, href));
  const block = (tokens: Token[]): Node[] =>
    tokens.flatMap((t): Node[] => {
      switch (t.type) {
        case 'heading': {
          const head = t as Tokens.Heading;
          const id = slug(plainText(head.tokens));
          if (head.depth === 1 && !titleSkipped) {
            titleSkipped = true;
            return [];
          }
          lastHeading = id;
          lastHeadingText = plainText(head.tokens);
          tablesUnder = 0;
          const level = Math.min(6, head.depth) as 1 | 2 | 3 | 4 | 5 | 6;
          return [h(`h${level}`, { id }, ...inline(head.tokens))];
        }
        case 'paragraph':
          return [h('p', {}, ...inline((t as Tokens.Paragraph).tokens))];
        case 'text': {
          const text = t as Tokens.Text;
          return [h('p', {}, ...(text.tokens ? inline(text.tokens) : [text.text]))];
        }
        case 'code': {
          const code = t as Tokens.Code;
          const pre = h('pre', { tabIndex: 0 }, h('code', { textContent: code.text }));
          if (code.lang) pre.dataset.lang = code.lang;
          return [pre];
        }
        case 'blockquote':
          return [h('blockquote', {}, ...block((t as Tokens.Blockquote).tokens))];
        case 'list': {
          const list = t as Tokens.List;
          const node = h(list.ordered ? 'ol' : 'ul');
          for (const item of list.items) {
            const kids = item.tokens.flatMap((k): (Node | string)[] =>
              k.type === 'text' ? inline((k as Tokens.Text).tokens ?? []) : block([k]),
            );
            node.append(h('li', {}, ...kids));
          }
          return [node];
        }
        case 'table': {
          const table = t as Tokens.Table;
          const node = h('table', { className: 'docs' });
          tablesUnder++;
          const name = (el: HTMLElement) => {
            if (!lastHeading) el.setAttribute('aria-label', 'Tabelle');
            else if (tablesUnder === 1) el.setAttribute('aria-labelledby', lastHeading);
            else el.setAttribute('aria-label', `${lastHeadingText} (${tablesUnder})`);
          };
          name(node);
          node.append(
            h(
              'thead',
              {},
              h(
                'tr',
                {},
                ...table.header.map((c) => h('th', { scope: 'col' }, ...inline(c.tokens))),
              ),
            ),
          );
          node.append(
            h(
              'tbody',
              {},
              ...table.rows.map((r) =>
                h('tr', {}, ...r.map((c) => h('td', {}, ...inline(c.tokens)))),
              ),
            ),
          );
          const scroll = h('div', { className: 'table-scroll', tabIndex: 0 }, node);
          scroll.setAttribute('role', 'region');
          name(scroll);
          return [scroll];
        }
        case 'hr':
          return [h('hr')];
        default:
          // html blocks (comments, markers) and spacing: nothing to show.
          return [];
      }
    });
  out.append(...block(new Lexer({ gfm: true }).lex(markdown)));
  return out;
}

/** The text of a page's first `# heading` (its title), without Markdown marks. */
export function titleOf(markdown: string): string {
  const first = new Lexer({ gfm: true })
    .lex(markdown)
    .find((t) => t.type === 'heading' && (t as Tokens.Heading).depth === 1) as
    Tokens.Heading | undefined;
  return first ? plainText(first.tokens) : '';
}
