#!/usr/bin/env bash
# Installs the npm dependencies when they are missing or older than the lock file.
set -euo pipefail
cd "$(dirname "$0")/.."
marker=node_modules/.package-lock.json
if [ ! -f "$marker" ] || [ package-lock.json -nt "$marker" ]; then
  echo "Installing npm dependencies..."
  # npm install, not npm ci: the lock file holds only the platform packages this registry serves, which npm ci
  # counts as out of sync. The locked versions are installed either way.
  npm install --no-audit --no-fund --loglevel=error
fi
