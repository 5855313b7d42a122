/**
 * The README's snippets as a partner copies them: every ```ts and ```tsx block is compiled
 * by TypeScript, on its own, with `immo-elements/…` resolved through the package's exports
 * map to the sources (lib/x.d.ts → src/x.ts); a block may start with a hidden
 * `<!-- snippet-context: … -->` comment that declares what the partner's own code provides
 * (a token function, say). Every ```html block uses only attributes, and enum values, that
 * custom-elements.json declares. (Vue templates and the Angular note are checked through
 * test/types/vue.ts and the DOM typings; a Vite config is not ours to type-check.)
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

interface Block { lang: string; code: string; context: string; line: number }

function blocks(): Block[] {
  const out: Block[] = [];
  const re = /(?:<!-- snippet-context:([^]*?)-->\s*\n)?```(\w+)\n([^]*?)```/g;
  for (const m of readme.matchAll(re)) {
    out.push({ context: m[1]?.trim() ?? '', lang: m[2]!, code: m[3]!, line: readme.slice(0, m.index).split('\n').length + (m[1] ? 1 : 0) });
  }
  return out;
}

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

test('the README has TypeScript snippets for npm, React 19, React 18 and Vue', () => {
  const ts = blocks().filter((b) => b.lang === 'ts' || b.lang === 'tsx');
  const all = ts.map((b) => b.code).join('\n');
  for (const spec of ["'immo-elements/define'", "'immo-elements/client'", "'immo-elements/jsx-react'", "'immo-elements/react'", "'immo-elements/vue'"]) {
    assert.ok(all.includes(spec), `a snippet imports ${spec}`);
  }
});

test('every ts and tsx snippet of the README compiles against the package', () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; exports: Record<string, { types?: string } | string> };
  const paths: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(pkg.exports)) {
    const types = typeof value === 'object' ? value.types : undefined;
    if (!types) continue;
    const spec = key === '.' ? pkg.name : `${pkg.name}/${key.slice(2)}`;
    paths[spec] = [join(root, types.replace(/^\.\/lib\//, 'src/').replace(/\.d\.ts$/, '.ts'))];
  }
  const files: string[] = [];
  const where = new Map<string, number>();
  blocks()
    .filter((b) => b.lang === 'ts' || b.lang === 'tsx')
    .forEach((b, i) => {
      const name = `snippet-${i}-line-${b.line}.${b.lang}`;
      // Each snippet is a module of its own (`export {}`), as a file in a partner's project.
      writeFileSync(join(dir, name), `${b.context}\n${b.code}\nexport {};\n`);
      files.push(name);
      where.set(name, b.line);
    });
  assert.ok(files.length >= 4, 'snippets found');
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        strict: true, noEmit: true, skipLibCheck: true, jsx: 'react-jsx', types: [],
        // What the sources need (the published .d.ts files do not).
        experimentalDecorators: true, useDefineForClassFields: false, resolveJsonModule: true,
        paths,
      },
      files,
    }),
  );
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  try {
    execFileSync(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json')], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    const out = String((e as { stdout?: string }).stdout ?? e);
    // Only the snippets' own errors: an error inside src/ is the element's (and `npm run typecheck` reports it).
    const mine = out.split('\n').filter((l) => /^snippet-/.test(l));
    assert.fail(`README snippets do not compile:\n${(mine.length ? mine : out.split('\n')).join('\n')}`);
  }
});

test('every html snippet of the README uses only declared attributes and enum values', () => {
  const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8')) as {
    modules: { declarations?: { tagName?: string; customElement?: boolean; attributes?: { name: string; type?: { text: string } }[] }[] }[];
  };
  const decls = new Map(manifest.modules.flatMap((m) => m.declarations ?? []).filter((d) => d.customElement && d.tagName).map((d) => [d.tagName!, d]));
  const global = new Set(['id', 'class', 'style', 'slot', 'hidden', 'lang', 'title', 'dir', 'tabindex']);
  const problems: string[] = [];
  let seen = 0;
  for (const b of blocks().filter((x) => x.lang === 'html')) {
    for (const tag of b.code.matchAll(/<([a-z][a-z0-9]*-[a-z0-9-]+)((?:\s+[a-z][a-z0-9-]*(?:="[^"]*")?)*)\s*\/?>/g)) {
      const decl = decls.get(tag[1]!);
      if (!decl) {
        problems.push(`line ${b.line}: <${tag[1]}> is not in the manifest`);
        continue;
      }
      seen++;
      for (const attr of (tag[2] ?? '').matchAll(/([a-z][a-z0-9-]*)(?:="([^"]*)")?/g)) {
        const [, name, value] = attr;
        if (global.has(name!) || name!.startsWith('aria-') || name!.startsWith('data-')) continue;
        const a = decl.attributes?.find((x) => x.name === name);
        if (!a) {
          problems.push(`line ${b.line}: <${tag[1]}> has no attribute ${name}`);
          continue;
        }
        const literals = (a.type?.text ?? '').split('|').map((p) => p.trim()).filter((p) => /^'.*'$/.test(p)).map((p) => p.slice(1, -1));
        if (literals.length > 1 && value !== undefined && !literals.includes(value)) problems.push(`line ${b.line}: ${tag[1]} ${name}="${value}" is not one of ${literals.join(', ')}`);
      }
    }
  }
  assert.ok(seen >= 5, 'html snippets with elements found');
  assert.deepEqual(problems, []);
});
