/**
 * Compiles several small TypeScript programs, each on its own, in one process: a program
 * sees only its own files and what they import, so one file's import cannot type another
 * (the way a partner's project sees the package). Parsed files (lib.dom.d.ts, the package's
 * declarations) are shared between the programs, which only saves the parsing; every
 * program is bound and checked afresh. Used by pack.test.ts and demo-readme.test.ts.
 */
import ts from 'typescript';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';

/** A partner project's tsconfig, as the docs assume it. */
export const APP_OPTIONS = {
  target: 'ES2022',
  module: 'ESNext',
  moduleResolution: 'Bundler',
  lib: ['ES2022', 'DOM', 'DOM.Iterable'],
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  jsx: 'react-jsx',
  types: [] as string[],
};

export interface TsProgram {
  /** How a failure names the program. */
  name: string;
  /** Its root files (absolute paths). */
  files: string[];
  /** tsconfig-style compiler options, over APP_OPTIONS. */
  options?: Record<string, unknown>;
}

const cache = new Map<string, ts.SourceFile>();

/** Each program's diagnostics as `file(line,col): message` lines; an empty list when it compiles. */
export function compileEach(programs: TsProgram[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const p of programs) {
    const { options, errors } = ts.convertCompilerOptionsFromJson(
      { ...APP_OPTIONS, ...p.options },
      dirname(p.files[0]!),
    );
    if (errors.length) throw new Error(ts.formatDiagnostics(errors, formatHost));
    const host = ts.createCompilerHost(options);
    const read = host.getSourceFile.bind(host);
    host.getSourceFile = (fileName, language, onError, fresh) => {
      const key = `${fileName}\0${typeof language === 'object' ? JSON.stringify(language) : language}\0${options.jsx}`;
      let sf = fresh ? undefined : cache.get(key);
      if (!sf) {
        sf = read(fileName, language, onError, fresh);
        // The programs' own files change between calls; only what lies in node_modules is shared.
        if (
          sf &&
          fileName.includes('/node_modules/') &&
          !fileName.includes('/node_modules/.cache/')
        )
          cache.set(key, sf);
      }
      return sf;
    };
    const program = ts.createProgram({ rootNames: p.files, options, host });
    const diagnostics = ts.getPreEmitDiagnostics(program);
    out.set(
      p.name,
      diagnostics.map((d) => ts.formatDiagnostic(d, formatHost).trim()),
    );
  }
  return out;
}

const formatHost: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (f) => f,
  getCurrentDirectory: () => process.cwd(),
  getNewLine: () => '\n',
};

/** A fenced block of a docs page; `context` is a hidden `<!-- snippet-context: … -->` before it (what the partner's own code provides). */
export interface ReadmeBlock {
  lang: string;
  code: string;
  context: string;
  line: number;
  /** The page it stands in, relative to the repository root (`docs/embedding.md`). */
  file: string;
}

export function readmeBlocks(readme: string, file = 'README.md'): ReadmeBlock[] {
  const out: ReadmeBlock[] = [];
  const re = /(?:<!-- snippet-context:([^]*?)-->\s*\n)?```(\w+)\n([^]*?)```/g;
  for (const m of readme.matchAll(re)) {
    out.push({
      file,
      context: m[1]?.trim() ?? '',
      lang: m[2]!,
      code: m[3]!,
      line: readme.slice(0, m.index).split('\n').length + (m[1] ? 1 : 0),
    });
  }
  return out;
}

const repoRoot = resolve(import.meta.dirname, '../..');

/**
 * The pages a partner reads, relative to the repository root: the README and every page of
 * docs/ (element pages included) but architecture.md, whose blocks sketch internal
 * contracts (option shapes with `?:`), not code to copy.
 */
export function partnerPages(): string[] {
  const docs = readdirSync(join(repoRoot, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md') && f !== 'architecture.md')
    .map((f) => `docs/${f.split(sep).join('/')}`)
    .sort();
  return ['README.md', ...docs];
}

/** Every fenced block of every partner page (see partnerPages), each with its page. */
export function docsBlocks(): ReadmeBlock[] {
  return partnerPages().flatMap((f) => readmeBlocks(readFileSync(join(repoRoot, f), 'utf8'), f));
}

/** A ts or tsx block as a file of a partner's project: a module of its own (`export {}`), after its context. */
export const snippetSource = (b: ReadmeBlock) => `${b.context}\n${b.code}\nexport {};\n`;
