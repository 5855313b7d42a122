/**
 * `npm pack` on a fresh clone: lib/ and dist/ are ignored by git, so a clone has neither, and
 * the package's prepack builds them. The clone is of the repository's HEAD (what is committed);
 * its node_modules is a link to the repository's own (what `npm ci` installs there from the same
 * lockfile), so that the test does not install the dev tools a second time.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

test('npm pack on a fresh clone builds and ships lib/ and dist/', () => {
  const dir = mkdtempSync(join(tmpdir(), 'immo-clone-'));
  try {
    const clone = join(dir, 'clone');
    execFileSync('git', ['clone', '--quiet', root, clone]);
    assert.ok(
      !existsSync(join(clone, 'lib')) && !existsSync(join(clone, 'dist')),
      'a clone has no build',
    );
    symlinkSync(join(root, 'node_modules'), join(clone, 'node_modules'), 'dir');
    const out = execFileSync('npm', ['pack', '--json', '--pack-destination', dir], {
      cwd: clone,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const files = (JSON.parse(out) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);
    for (const f of [
      'lib/index.js',
      'lib/index.d.ts',
      'lib/define.js',
      'lib/ssr.js',
      'lib/frameworks/react/geo-autocomplete.d.ts',
      'dist/immo-elements.js',
      'dist/immo-elements-hydrate.js',
      'dist/immo-elements-placeholders.css',
    ])
      assert.ok(files.includes(f), `${f} is in the package`);
    assert.ok(files.filter((f) => f.startsWith('lib/')).length > 100, 'all of lib/');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
