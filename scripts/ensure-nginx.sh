#!/usr/bin/env bash
# The browser tests on a PostgreSQL server run the portal behind nginx, configured from deploy/nginx/varco.conf.template
# like production: Debian's nginx, installed when missing. The tests start their own unprivileged nginx with its own
# prefix and configuration; the package's system service is not used.
set -euo pipefail
if [ -x /usr/sbin/nginx ]; then exit 0; fi
echo "Installing nginx from Debian..."
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends nginx >/dev/null
/usr/sbin/nginx -v
