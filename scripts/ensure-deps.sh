#!/usr/bin/env bash
# Installs the npm dependencies when they are missing or older than the lock file.
# It runs on whatever npm and Node.js the machine has (Node 20 will do): engine-strict is off (.npmrc), so packages
# that want Node 24 install all the same, among them the "node" package that brings Node 24 for everything after it.
set -euo pipefail
cd "$(dirname "$0")/.."
marker=node_modules/.package-lock.json
if [ ! -f "$marker" ] || [ package-lock.json -nt "$marker" ]; then
  echo "Installing npm dependencies..."
  # npm install, not npm ci: the lock file holds only the platform packages this registry serves, which npm ci
  # counts as out of sync. The locked versions are installed either way.
  npm install --no-audit --no-fund --loglevel=error
fi
