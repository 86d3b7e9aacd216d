#!/usr/bin/env bash
# The alerting and recording rules (deploy/prometheus) are checked and unit-tested by promtool, which Debian's
# prometheus package provides. Only the binary is used: the package's service is not started by the tests.
set -euo pipefail
bash "$(dirname "$0")/ensure-debian-package.sh" prometheus /usr/bin/promtool --version --no-install-recommends prometheus
