#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (browser downloads by test tools are not possible here).
set -euo pipefail
bash "$(dirname "$0")/ensure-debian-package.sh" Chromium /usr/bin/chromium --version chromium fonts-dejavu-core
