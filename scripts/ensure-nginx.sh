#!/usr/bin/env bash
# The nginx walk-through test (apps/server/test/nginx.test.ts) runs deploy/nginx.conf in Debian's
# nginx. Installs the Debian package when it is missing; needs root (as on the dev and CI machines).
# Debian's package would start a system nginx on port 80; policy-rc.d usually stops that in
# containers, and the test runs its own nginx on a free port either way.
set -euo pipefail
if [ -n "${NGINX_PATH:-}" ] && [ -x "$NGINX_PATH" ]; then exit 0; fi
if [ -x /usr/sbin/nginx ]; then exit 0; fi
echo "Installing Debian's nginx for the nginx walk-through test…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq nginx >/dev/null
[ -x /usr/sbin/nginx ]
