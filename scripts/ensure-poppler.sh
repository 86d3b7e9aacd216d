#!/usr/bin/env bash
# The api's PDF tests read the documents back with poppler's pdftotext too (a second reader besides pdf.js, the one
# most servers and search indexers use), and people look at pages drawn by pdftoppm: Debian's poppler-utils, installed
# when missing.
set -euo pipefail
bash "$(dirname "$0")/ensure-debian-package.sh" poppler-utils /usr/bin/pdftotext -v --no-install-recommends poppler-utils
