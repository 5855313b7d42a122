/**
 * The docs' snippets as a partner copies them (the README and every page of docs/ but
 * architecture.md, see partnerPages in ts-programs.ts): every ```ts and ```tsx block is compiled
 * by TypeScript as a program of its own, with `immo-elements/…` resolved through the package's exports
 * map to the sources (lib/x.d.ts → src/x.ts); a block may start with a hidden
 * `<!-- snippet-context: … -->` comment that declares what the partner's own code provides
 * (a token function, say). Every ```html block uses only attributes, and enum values, that
 * custom-elements.json declares. (pack.test.ts compiles the same snippets, and the ```vue
 * component with vue-tsc, from the packed package; a Vite config is not ours to type-check.)
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { compileEach, docsBlocks, snippetSource } from './ts-programs.js';

const root = resolve(import.meta.dirname, '../..');

const blocks = () => docsBlocks();

let dir = '';

before(() => {
  // Inside the repository, so that react, vue, lit… resolve from its node_modules.
  const cache = join(root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  dir = mkdtempSync(join(cache, 'readme-snippets-'));
});

after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('the docs have TypeScript snippets for npm, React 19, React 18, Preact and Vue', () => {
  const ts = blocks().filter((b) => b.lang === 'ts' || b.lang === 'tsx' || b.lang === 'vue');
  const all = ts.map((b) => b.code).join('\n');
  for (const spec of [
    "'immo-elements/define'",
    "'immo-elements/client'",
    "'immo-elements/jsx-react'",
    "'immo-elements/react/geo-autocomplete'",
    "'immo-elements/jsx-preact'",
    "'immo-elements/vue'",
  ]) {
    assert.ok(all.includes(spec), `a snippet imports ${spec}`);
  }
});

test('every ts and tsx snippet of the docs compiles against the package, each as a project of its own', () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    name: string;
    exports: Record<string, { types?: string } | string>;
  };
  const paths: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(pkg.exports)) {
    const types = typeof value === 'object' ? value.types : undefined;
    if (!types) continue;
    const spec = key === '.' ? pkg.name : `${pkg.name}/${key.slice(2)}`;
    paths[spec] = [join(root, types.replace(/^\.\/lib\//, 'src/').replace(/\.d\.ts$/, '.ts'))];
  }
  const snippets = blocks().filter((b) => b.lang === 'ts' || b.lang === 'tsx');
  assert.ok(snippets.length >= 4, 'snippets found');
  // One program per snippet: one snippet's imports (the package root, say) cannot type another.
  const programs = snippets.map((b, i) => {
    const name = `snippet-${i}-${b.file.replace(/\W+/g, '-')}-line-${b.line}.${b.lang}`;
    writeFileSync(join(dir, name), snippetSource(b));
    return {
      name,
      files: [join(dir, name)],
      // What the sources need (the published .d.ts files do not).
      options: {
        experimentalDecorators: true,
        useDefineForClassFields: false,
        resolveJsonModule: true,
        paths,
      },
    };
  });
  const problems: string[] = [];
  for (const [name, diagnostics] of compileEach(programs)) {
    // Only the snippet's own errors: an error inside src/ is the element's (and `npm run typecheck` reports it).
    const mine = diagnostics.filter((l) => l.includes(name));
    if (diagnostics.length) problems.push(...(mine.length ? mine : diagnostics));
  }
  assert.deepEqual(problems, [], `docs snippets do not compile:\n${problems.join('\n')}`);
});

test('every html snippet of the docs uses only declared attributes and enum values', () => {
  const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8')) as {
    modules: {
      declarations?: {
        tagName?: string;
        customElement?: boolean;
        attributes?: { name: string; type?: { text: string } }[];
      }[];
    }[];
  };
  const decls = new Map(
    manifest.modules
      .flatMap((m) => m.declarations ?? [])
      .filter((d) => d.customElement && d.tagName)
      .map((d) => [d.tagName!, d]),
  );
  const global = new Set([
    'id',
    'class',
    'style',
    'slot',
    'hidden',
    'lang',
    'title',
    'dir',
    'tabindex',
  ]);
  const problems: string[] = [];
  let seen = 0;
  for (const b of blocks().filter((x) => x.lang === 'html')) {
    for (const tag of b.code.matchAll(
      /<([a-z][a-z0-9]*-[a-z0-9-]+)((?:\s+[a-z][a-z0-9-]*(?:="[^"]*")?)*)\s*\/?>/g,
    )) {
      const decl = decls.get(tag[1]!);
      if (!decl) {
        problems.push(`${b.file}:${b.line}: <${tag[1]}> is not in the manifest`);
        continue;
      }
      seen++;
      for (const attr of (tag[2] ?? '').matchAll(/([a-z][a-z0-9-]*)(?:="([^"]*)")?/g)) {
        const [, name, value] = attr;
        if (global.has(name!) || name!.startsWith('aria-') || name!.startsWith('data-')) continue;
        const a = decl.attributes?.find((x) => x.name === name);
        if (!a) {
          problems.push(`${b.file}:${b.line}: <${tag[1]}> has no attribute ${name}`);
          continue;
        }
        const literals = (a.type?.text ?? '')
          .split('|')
          .map((p) => p.trim())
          .filter((p) => /^'.*'$/.test(p))
          .map((p) => p.slice(1, -1));
        if (literals.length > 1 && value !== undefined && !literals.includes(value))
          problems.push(
            `${b.file}:${b.line}: ${tag[1]} ${name}="${value}" is not one of ${literals.join(', ')}`,
          );
      }
    }
  }
  assert.ok(seen >= 5, 'html snippets with elements found');
  assert.deepEqual(problems, []);
});
