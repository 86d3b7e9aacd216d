#!/usr/bin/env bash
# The browser tests on a PostgreSQL server run the portal behind nginx, configured from deploy/nginx/varco.conf.template
# like production: Debian's nginx, installed when missing. The tests start their own unprivileged nginx with its own
# prefix and configuration; the package's system service is not used.
set -euo pipefail
bash "$(dirname "$0")/ensure-debian-package.sh" nginx /usr/sbin/nginx -v --no-install-recommends nginx
