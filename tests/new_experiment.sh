#!/usr/bin/env bash
# Adding an experiment as docs/developing.md says, in a temporary copy of
# this working tree: copy `size` under the name `weight`, rename what it
# declares, add its one line to the list. Then the first `cargo test
# --workspace` must fail once, naming the files it generated from the list,
# and the second must pass, with `cargo fmt --check`, every file
# rustfmt-clean (tests/formatting.rs) and clippy -D warnings. ./lab test runs it.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"
# The working tree as it is (committed or not), without what is built.
git ls-files -z --cached --others --exclude-standard | xargs -0 -I{} cp --parents {} "$work/" 2>/dev/null || true
cd "$work"

cp -r src/experiments/size src/experiments/weight
sed -i -E \
  -e 's/\bSize\b/Weight/g' -e 's/\)\.size\./).weight./g' \
  -e 's/(const CODE: [^=]+= )"size"/\1"weight"/' \
  -e 's/"(payload_kib|claim_check|per_day)"/"w_\1"/g' \
  -e 's/"(photo-10mb|claim-check|pdf-300kib)"/"w-\1"/g' \
  -e 's/"size-(sqs-2025|claim-check)"/"weight-\1"/g' \
  -e 's/exp=size&(payload_kib|claim_check)=/exp=weight\&w_\1=/g' \
  -e 's/"Tamaño y claim check"/"Peso y claim check"/' \
  -e 's/"Size and claim check"/"Weight and claim check"/' \
  src/experiments/weight/*.rs
sed -i 's/^    Size => size in "lesson-004-ops",$/&\n    Weight => weight in "lesson-004-ops",/' src/experiments/mod.rs
grep -q 'Weight => weight in "lesson-004-ops",' src/experiments/mod.rs
# The new module as rustfmt writes it (./lab fmt, which a developer runs after renaming).
rustfmt --edition 2021 src/experiments/weight/*.rs

# The tree's own target directory: the dependencies are built once for
# both (a second target directory was 1.6 GB). The copy's crates take the
# tree's units (cargo hashes a path crate by its place in the workspace);
# the tree's next build sees their sources changed and builds them again.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}"
echo "new experiment: first cargo test (expected to fail once, naming what it generated)"
if cargo test --workspace --locked --quiet >first.log 2>&1; then
  echo "the first run passed: nothing was generated for the new experiment" >&2
  exit 1
fi
for file in src/group_codes.rs src/rustfmt_reach.rs static/lab-registry.js static/tool-registry.js docs/reference.md lesson-004-ops.html; do
  # lesson-004-ops.html lists no experiment: it need not change.
  [ "$file" = lesson-004-ops.html ] && continue
  grep -q "written anew, commit them: .*\"$file\"" first.log || { echo "first run did not name $file" >&2; tail -40 first.log >&2; exit 1; }
done
grep -q 'weight' src/group_codes.rs
echo "new experiment: second cargo test (expected green), with fmt and clippy"
cargo fmt --all -- --check
cargo test --workspace --locked --quiet >second.log 2>&1 || { tail -60 second.log >&2; exit 1; }
cargo clippy --workspace --all-targets --locked --quiet -- -D warnings
echo "new experiment: added with its own files and one list line; green on the second run"
