#!/usr/bin/env bash
# Debian's prometheus package: promtool checks and unit-tests the alerting and recording rules (deploy/prometheus), and
# the server itself scrapes two api instances in the canary report's test (deploy/canary). The package's service is
# never started by the tests: they run the binary as their own child.
set -euo pipefail
bash "$(dirname "$0")/ensure-debian-package.sh" prometheus /usr/bin/promtool --version --no-install-recommends prometheus
bash "$(dirname "$0")/ensure-debian-package.sh" prometheus /usr/bin/prometheus --version --no-install-recommends prometheus
