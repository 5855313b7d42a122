// `npm run build` (second half): lib/, the package's modules for bundlers and servers, compiled
// by TypeScript as tsconfig.build.json says, with the `html` and `css` templates minified by
// the same function as dist/'s (scripts/minify-templates.ts): a server that renders with lib/
// and a page that hydrates with dist/ hold the same templates.
import ts from 'typescript';
import { resolve } from 'node:path';
import { templateTransformer } from './minify-templates.js';

const root = resolve(import.meta.dirname, '..');
const config = ts.getParsedCommandLineOfConfigFile(
  resolve(root, 'tsconfig.build.json'),
  {},
  { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => report([d]) },
)!;
const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
const emitted = program.emit(undefined, undefined, undefined, false, {
  before: [templateTransformer()],
});
const diagnostics = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics];
report(diagnostics);
if (diagnostics.some((d) => d.category === ts.DiagnosticCategory.Error)) process.exitCode = 1;

function report(diagnostics: readonly ts.Diagnostic[]): void {
  if (!diagnostics.length) return;
  console.error(
    ts.formatDiagnosticsWithColorAndContext(diagnostics, {
      getCanonicalFileName: (f) => f,
      getCurrentDirectory: () => root,
      getNewLine: () => '\n',
    }),
  );
}
