#!/usr/bin/env bash
# npm start: installs what is missing, builds everything, and runs the whole portal on embedded defaults.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
source scripts/project-node.sh
node scripts/build.mjs
exec node scripts/run-local.mjs
