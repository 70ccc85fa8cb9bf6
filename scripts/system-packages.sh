#!/bin/sh
# Debian's PostgreSQL server and Chromium for `make test`, installed with apt-get when missing.
set -e
need=""
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need="$need postgresql"
[ -x /usr/bin/chromium ] || need="$need chromium"
[ -z "$need" ] && exit 0
echo "installing Debian packages:$need"
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq || true
$SUDO apt-get install -y -qq --no-install-recommends $need
