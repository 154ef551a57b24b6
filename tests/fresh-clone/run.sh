#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# The README's two commands from a fresh clone (README.md here): HEAD cloned
# with `git clone --no-local` into a temporary folder, then the README's test
# command and its main-job command run there exactly as written (the first
# indented line of README.md naming tests/default-tests.sh, and the first
# naming tests/main-job.sh). The emulated host's kernel cache of BUILDDIR is
# reused (VCPUCHAR_X86_E2E_CACHE), as tests/main-job.sh's own build/ would.
# Usage: run.sh SRCDIR BUILDDIR WORKDIR
# Exits 77 without git metadata.
set -eu
src=$(cd "$1" && pwd) build=$(cd "$2" && pwd) work=$3
if ! command -v git >/dev/null || ! git -C "$src" rev-parse --verify -q HEAD >/dev/null 2>&1; then
	echo "SKIP fresh-clone: $src is not a git checkout"
	exit 77
fi
rm -rf "$work"
mkdir -p "$work"
clone=$work/clone
git clone -q --no-local "$src" "$clone"
git -C "$clone" checkout -q --detach "$(git -C "$src" rev-parse HEAD)"
echo "cloned $(git -C "$clone" rev-parse --short HEAD) into $clone"
# A README command: an indented code line naming the script, its comment cut.
readme_command() {
	sed -n "s|^    \(.*$1.*\)\$|\1|p" "$clone/README.md" | sed 's/ *#.*//' | head -n 1
}
test_cmd=$(readme_command 'tests/default-tests\.sh')
main_cmd=$(readme_command 'tests/main-job\.sh')
[ -n "$test_cmd" ] || { echo "FAIL README.md has no indented command naming tests/default-tests.sh"; exit 1; }
[ -n "$main_cmd" ] || { echo "FAIL README.md has no indented command naming tests/main-job.sh"; exit 1; }
export VCPUCHAR_X86_E2E_CACHE="${VCPUCHAR_X86_E2E_CACHE:-$build/tests/x86-e2e/cache}"
rc=0
echo "+ $test_cmd"
(cd "$clone" && sh -c "$test_cmd") >"$work/test.log" 2>&1 || rc=$?
sed -n '/^Ok:/,/^Timeout:/p' "$work/test.log"
[ $rc = 0 ] || { tail -40 "$work/test.log"; echo "FAIL the README's test command, exit $rc"; exit 1; }
# meson test ended with its counts: the command ran the suites, not nothing.
grep -q '^Ok: *[1-9]' "$work/test.log" || { tail -20 "$work/test.log"; echo "FAIL the README's test command ran no test"; exit 1; }
echo "+ $main_cmd"
(cd "$clone" && sh -c "$main_cmd") >"$work/main-job.log" 2>&1 || rc=$?
tail -n 12 "$work/main-job.log"
[ $rc = 0 ] || { echo "FAIL the README's main-job command, exit $rc"; exit 1; }
echo "ok fresh-clone"
