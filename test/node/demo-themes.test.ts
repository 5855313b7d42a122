/**
 * The demo's themes (demo/demo.css) are made only with what the elements document: every
 * declaration on an element is a custom property that custom-elements.json lists for it,
 * and every ::part() is a part it lists. So a partner can copy a theme and rely on it.
 * The page's own layout of the element's outer box (display, size, flex/grid placement,
 * margins: the :not(:defined) rule of docs/embedding.md, the stories' grids) is not theming and reaches
 * nothing inside the element, so those properties are allowed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const css = readFileSync(join(root, 'demo', 'demo.css'), 'utf8').replace(/\/\*[^]*?\*\//g, '');
const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8')) as {
  modules: {
    declarations?: {
      tagName?: string;
      customElement?: boolean;
      cssProperties?: { name: string }[];
      cssParts?: { name: string }[];
    }[];
  }[];
};
const decls = manifest.modules
  .flatMap((m) => m.declarations ?? [])
  .filter((d) => d.customElement && d.tagName);
const TAGS = decls.map((d) => d.tagName!);
// The shared tokens of src/shared/styles.ts that every element documents.
const SHARED = [
  '--immo-font-family',
  '--immo-font-size',
  '--immo-color-text',
  '--immo-color-text-muted',
  '--immo-color-surface',
  '--immo-color-accent',
  '--immo-color-border',
  '--immo-color-error',
  '--immo-radius',
  '--immo-focus-ring',
];

/** Properties of the host's outer box that a page sets like on any element (not theming). */
const BOX =
  /^(display|flex(-[a-z]+)?|(min-|max-)?(width|height)|margin(-[a-z]+)?|grid-(column|row|area)|align-self|justify-self|order)$/;

/** Each rule: its selectors and its declarations. */
const rules = [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((m) => ({
  selectors: m[1]!.split(',').map((s) => s.trim()),
  declarations: m[2]!
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean)
    .map((d) => d.slice(0, d.indexOf(':')).trim()),
}));

test('declarations on the elements are documented custom properties of every element they reach', () => {
  const problems: string[] = [];
  let checked = 0;
  for (const rule of rules) {
    for (const sel of rule.selectors) {
      if (sel.includes('::part(')) continue;
      // The elements a selector's last compound names.
      const last = sel.split(/\s+/).at(-1)!;
      const reached = TAGS.filter((t) => new RegExp(`(^|[(,\\s])${t}([),\\s.:#[]|$)`).test(last));
      for (const tag of reached) {
        const documented = new Set(
          decls.find((d) => d.tagName === tag)!.cssProperties?.map((p) => p.name),
        );
        for (const prop of rule.declarations) {
          checked++;
          if (BOX.test(prop)) continue;
          // A property another element documents is harmless here: it is only read by that one.
          const anyElement = decls.some((d) => d.cssProperties?.some((p) => p.name === prop));
          if (!prop.startsWith('--immo-') || !anyElement)
            problems.push(`${sel}: ${prop} is not a documented custom property`);
          else if (SHARED.includes(prop) && !documented.has(prop)) {
            problems.push(`${sel}: <${tag}> does not document the shared ${prop}`);
          }
        }
      }
    }
  }
  assert.ok(checked > 50, 'theme declarations found');
  assert.deepEqual(problems, []);
});

test('every ::part() a theme styles is a documented part of some element', () => {
  const parts = new Set(decls.flatMap((d) => d.cssParts?.map((p) => p.name) ?? []));
  const used = [...css.matchAll(/::part\(([^)]+)\)/g)].flatMap((m) => m[1]!.trim().split(/\s+/));
  assert.ok(used.length > 0, 'the brand theme uses parts');
  assert.deepEqual(
    used.filter((p) => !parts.has(p)),
    [],
  );
});
