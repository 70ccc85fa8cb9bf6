#!/bin/sh
# Debian's PostgreSQL server, Chromium and a CJK font for `make test`, installed with apt-get when missing.
set -e
need=""
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need="$need postgresql"
[ -x /usr/bin/chromium ] || need="$need chromium"
# a CJK font, so the browser draws the Hán characters of the Chắn and Tổ tôm cards
ls /usr/share/fonts/truetype/wqy/wqy-microhei.ttc >/dev/null 2>&1 || need="$need fonts-wqy-microhei"
[ -z "$need" ] && exit 0
echo "installing Debian packages:$need"
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq || true
$SUDO apt-get install -y -qq --no-install-recommends $need
