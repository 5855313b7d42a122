/**
 * The framework typings (src/frameworks) follow custom-elements.json: the JSX attribute map
 * names exactly the attributes that are named unlike their property, each with its
 * property; every element and every event the manifest declares has its typing. Checked
 * by compiling a file generated from the manifest.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8')) as {
  modules: {
    declarations?: {
      tagName?: string;
      customElement?: boolean;
      attributes?: { name: string; fieldName?: string }[];
      events?: { name: string }[];
    }[];
  }[];
};
const decls = manifest.modules
  .flatMap((m) => m.declarations ?? [])
  .filter((d) => d.customElement && d.tagName);
let dir = '';

after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('attribute map, element map and event map match the manifest', () => {
  const union = (xs: string[]) =>
    xs.length ? xs.map((x) => JSON.stringify(x)).join(' | ') : 'never';
  const lines = [
    `import type { ImmoAttributeMap, ImmoElementMap, ImmoEventMap } from ${JSON.stringify(join(root, 'src/frameworks/elements.js'))};`,
    'type Eq<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;',
    `export const tags: Eq<keyof ImmoElementMap, ${union(decls.map((d) => d.tagName!))}> = true;`,
  ];
  for (const d of decls) {
    const tag = JSON.stringify(d.tagName);
    const renamed = (d.attributes ?? []).filter((a) => a.fieldName && a.fieldName !== a.name);
    const id = d.tagName!.replace(/-/g, '_');
    lines.push(
      `export const ${id}_attributes: Eq<keyof ImmoAttributeMap[${tag}], ${union(renamed.map((a) => a.name))}> = true;`,
    );
    for (const a of renamed)
      lines.push(
        `export const ${id}_${a.name.replace(/-/g, '_')}: Eq<ImmoAttributeMap[${tag}][${JSON.stringify(a.name)}], ${JSON.stringify(a.fieldName)}> = true;`,
      );
    lines.push(
      `export const ${id}_events: Eq<keyof ImmoEventMap[${tag}], ${union((d.events ?? []).map((e) => e.name))}> = true;`,
    );
  }
  const cache = join(root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  dir = mkdtempSync(join(cache, 'typings-'));
  writeFileSync(join(dir, 'check.ts'), lines.join('\n') + '\n');
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
        experimentalDecorators: true,
        useDefineForClassFields: false,
        resolveJsonModule: true,
      },
      files: ['check.ts'],
    }),
  );
  try {
    execFileSync(
      process.execPath,
      [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(dir, 'tsconfig.json')],
      { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
  } catch (e) {
    const out = String((e as { stdout?: string }).stdout ?? e);
    const names = out
      .split('\n')
      .filter((l) => l.startsWith('check.ts'))
      .map((l) => {
        const line = Number(/\((\d+),/.exec(l)?.[1]);
        return `${lines[line - 1]?.slice(0, 160)}\n  ${l}`;
      });
    assert.fail(
      `the typings differ from the manifest:\n${(names.length ? names : [out]).join('\n')}`,
    );
  }
});
