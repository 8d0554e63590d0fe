#!/usr/bin/env bash
# Builds the local stand-in for node:20-bookworm-slim where no registry can be reached: Debian bookworm (debootstrap
# minbase) with this machine's Node 20 and npm laid out as the official image lays them out (/usr/local), imported
# as BASE_IMAGE (default localhost/suanli-node:20-bookworm). Does nothing when the image exists; FORCE=1 rebuilds.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
export CONTAINERS_CONF="${CONTAINERS_CONF:-$here/containers.conf}"
image="${BASE_IMAGE:-localhost/suanli-node:20-bookworm}"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"

if [ "${FORCE:-}" != 1 ] && podman image exists "$image"; then
  echo "Base image $image exists."
  exit 0
fi

node_bin="$(command -v node)"
case "$("$node_bin" --version)" in
  v20.*) ;;
  *) echo "base-image.sh needs Node 20 on this machine, found $("$node_bin" --version)" >&2; exit 1 ;;
esac
npm_dir="$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")"

root="$(mktemp -d /tmp/suanli-base.XXXXXX)"
trap 'rm -rf "$root"' EXIT
echo "Building $image: debootstrap minbase bookworm from $mirror…"
debootstrap --variant=minbase bookworm "$root" "$mirror" >/dev/null

install -m 0755 "$node_bin" "$root/usr/local/bin/node"
mkdir -p "$root/usr/local/lib/node_modules"
cp -a "$npm_dir" "$root/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
# What a container never needs: apt's lists and caches, documentation, and locales beyond C.UTF-8.
rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/* "$root"/var/cache/debconf/*-old \
  "$root"/usr/share/doc/* "$root"/usr/share/man/* "$root"/usr/share/info/* "$root"/var/log/*

tar -C "$root" --numeric-owner -cf - . | podman import --quiet \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'CMD ["node"]' - "$image" >/dev/null
echo "Base image $image: $(podman image inspect --format '{{.Size}}' "$image") bytes."
