/**
 * The XML schemas of ../shared/api-schemas for the browser tests' XSD checks, read through
 * the test runner's readFile command (paths relative to the test file). `undefined` when
 * they are missing, as in a stranger's clone without ../shared: the callers then skip the
 * check with a message, and the Node tests that validate the same bodies fail in CI.
 * (readFile of a missing file does not answer `undefined`: the runner reports it as an
 * unknown command, so a failed read counts as missing.)
 */
import { readFile } from '@web/test-runner-commands';

export async function schemaFiles(
  files: string[],
): Promise<{ fileName: string; contents: string }[] | undefined> {
  const base = '../../../shared/api-schemas/';
  const contents = await Promise.all(
    files.map((f) => readFile({ path: base + f }).catch(() => undefined)),
  );
  if (contents.some((c) => c === undefined)) return undefined;
  return files.map((fileName, i) => ({ fileName, contents: contents[i]! }));
}
