#!/usr/bin/env bash
# Installs Debian packages when the program they provide is missing, as root or through sudo; then prints its version.
# Usage: ensure-debian-package.sh NAME PROGRAM VERSION-FLAG [apt-get install options] PACKAGE...
set -euo pipefail
name=$1 program=$2 version_flag=$3
shift 3
if [ -x "$program" ]; then exit 0; fi
echo "Installing $name from Debian..."
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
# One update serves the packages installed in the next hour (test.sh installs several one after the other).
if [ -z "$(find /var/lib/apt/lists -maxdepth 1 -name '*_Packages*' -mmin -60 2>/dev/null | head -n 1)" ]; then
  $SUDO apt-get update -qq
fi
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$@" >/dev/null
"$program" "$version_flag"
