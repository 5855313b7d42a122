// A file of dist/ that imports the runtime binds each import to the name the runtime exports
// it under: `import{tt,nt}from"./chunks/runtime.js"`, not `import{tt as y,nt as q}…`. Terser
// gives an import a local name of its own, and the clause then spells every binding twice.
//
// Terser cannot be told to keep an import's name, but it keeps a reserved one. So every binding
// of the minified file is renamed apart (scopes by eslint-scope), each runtime import to its
// exported name, and terser mangles the file again with those names reserved: the rest get
// short names around them. Nothing but names changes (no compression), and the source map
// is carried through both steps.
import remapping from '@jridgewell/remapping';
import { analyze } from 'eslint-scope';
import { parse } from 'espree';
import MagicString from 'magic-string';
import { minify, type MinifyOptions } from 'terser';

interface Range {
  range: [number, number];
}
interface Node extends Range {
  type: string;
  [key: string]: unknown;
}
interface Identifier extends Node {
  name: string;
}

interface Shape {
  /** Identifiers that stand for two names at once, by their start: `{a}` is `{a: a}`, `export{a}` is `export{a as a}`. */
  twofold: Map<number, (renamed: string) => string>;
  /** The starts of declarations exported by their names (`export function f`, `export const a`). */
  exported: Set<number>;
}

function shapeOf(ast: Node): Shape {
  const twofold = new Map<number, (renamed: string) => string>();
  const exported = new Set<number>();
  const walk = (n: unknown): void => {
    if (!n || typeof n !== 'object') return;
    if (Array.isArray(n)) return n.forEach(walk);
    const node = n as Node;
    if (typeof node.type !== 'string') return;
    const key = node.key as Identifier | undefined;
    if (node.type === 'Property' && node.shorthand && key)
      twofold.set(key.range[0], (renamed) => `${key.name}:${renamed}`);
    const local = node.local as Identifier | undefined;
    const outer = (node.exported ?? node.imported) as Identifier | undefined;
    if (local && outer && local.range[0] === outer.range[0]) {
      twofold.set(local.range[0], (renamed) =>
        node.type === 'ExportSpecifier'
          ? `${renamed} as ${outer.name}`
          : `${outer.name} as ${renamed}`,
      );
    }
    const declaration = node.declaration as Node | null | undefined;
    if (node.type === 'ExportNamedDeclaration' && declaration) {
      const declarators = (declaration.declarations as Node[] | undefined) ?? [declaration];
      for (const d of declarators) exported.add(d.range[0]);
    }
    for (const [k, v] of Object.entries(node)) if (k !== 'range') walk(v);
  };
  walk(ast);
  return { twofold, exported };
}

/**
 * The file's code with every binding renamed: the imports of `runtime` (a specifier's
 * ending) to the runtime's names for them (`runtimeName` of the name imported; by default
 * that name itself), every other binding to a name of its own. Returns the code, its source map
 * onto the input, the names imported from the runtime and the names kept (declarations
 * exported by their names).
 */
export function renameApart(
  code: string,
  runtime: string,
  file: string,
  runtimeName: (imported: string) => string = (name) => name,
): { code: string; map: string; imported: string[]; kept: string[] } {
  const ast = parse(code, {
    ecmaVersion: 'latest',
    sourceType: 'module',
    range: true,
  }) as unknown as Node;
  const scopes = analyze(ast as never, { ecmaVersion: 2022, sourceType: 'module' });
  const { twofold, exported } = shapeOf(ast);
  const out = new MagicString(code);
  const imported = new Set<string>();
  const kept = new Set<string>();
  /** The name given to each declared identifier, by its start: a class's name binds in two scopes. */
  const given = new Map<number, string>();
  const done = new Set<number>();
  // The runtime's import is written anew below, one specifier a name: a file can import one
  // binding twice, by two local names, which become one.
  const declaration = (ast.body as Node[]).find(
    (d) =>
      d.type === 'ImportDeclaration' &&
      String((d.source as { value?: unknown }).value).endsWith(runtime),
  );
  for (const spec of (declaration?.specifiers as Node[] | undefined) ?? [])
    done.add((spec.local as Identifier).range[0]);
  let n = 0;
  for (const scope of scopes.scopes) {
    for (const variable of scope.variables) {
      if (!variable.defs.length) continue; // an implicit one (`arguments`)
      const def = variable.defs[0]!;
      const declared = variable.identifiers as unknown as Identifier[];
      const node = def.node as unknown as Node;
      const fromRuntime = def.type === 'ImportBinding' && def.parent === (declaration as unknown);
      // `export function f` exports f by its name, which it keeps.
      const keeps = exported.has(node.range[0]);
      const name =
        declared.map((id) => given.get(id.range[0])).find(Boolean) ??
        (fromRuntime
          ? runtimeName((node.imported as Identifier).name)
          : keeps
            ? variable.name
            : `$${(n++).toString(36)}$`);
      if (fromRuntime) imported.add(name);
      if (keeps) kept.add(name);
      for (const id of declared) given.set(id.range[0], name);
      const references = variable.references.map((r) => r.identifier as unknown as Identifier);
      for (const { range } of [...declared, ...references]) {
        if (done.has(range[0])) continue;
        done.add(range[0]);
        out.overwrite(range[0], range[1], twofold.get(range[0])?.(name) ?? name);
      }
    }
  }
  if (declaration) {
    const source = (declaration.source as Node).range;
    out.overwrite(
      declaration.range[0],
      declaration.range[1],
      `import{${[...imported].join(',')}}from${code.slice(source[0], source[1])};`,
    );
  }
  const clash = [...kept].filter((name) => imported.has(name));
  if (clash.length)
    throw new Error(`${file} exports ${clash.join(', ')} by a name it imports from the runtime`);
  return {
    code: out.toString(),
    map: out.generateMap({ hires: true, source: file, includeContent: false }).toString(),
    imported: [...imported],
    kept: [...kept],
  };
}

/**
 * Rewrites a minified file of dist/ (and its map) so that it imports `runtime`'s bindings by
 * their exported names (`runtimeName`: see {@link renameApart}). `options`: terser's, of the build.
 */
export async function importByExportedNames(
  code: string,
  map: string,
  runtime: string,
  file: string,
  options: MinifyOptions,
  runtimeName?: (imported: string) => string,
): Promise<{ code: string; map: string }> {
  const body = code.replace(/\n\/\/# sourceMappingURL=.*\s*$/, '');
  const apart = renameApart(body, runtime, file, runtimeName);
  const min = await minify(apart.code, {
    ...options,
    compress: false,
    mangle: { reserved: [...apart.imported, ...apart.kept] },
    sourceMap: { url: `${file}.map` },
  });
  // A clause that binds a name twice is a syntax error only a module parser reports.
  parse(min.code!, { ecmaVersion: 'latest', sourceType: 'module' });
  const final = remapping([min.map as string, apart.map, map], () => null);
  return { code: min.code!, map: final.toString() };
}
