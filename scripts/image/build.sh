#!/usr/bin/env bash
# `npm run image`: builds the Suanli image from Containerfile with buildah, as IMAGE (default localhost/suanli:latest).
# Where no registry can be reached (BASE_IMAGE unset), on the local base image that base-image.sh builds first if it
# is missing; set BASE_IMAGE=docker.io/library/node:20-bookworm-slim to build on the official one.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
export CONTAINERS_CONF="${CONTAINERS_CONF:-$here/containers.conf}"
image="${IMAGE:-localhost/suanli:latest}"
export BASE_IMAGE="${BASE_IMAGE:-localhost/suanli-node:20-bookworm}"

if [[ "$BASE_IMAGE" == localhost/* ]]; then
  "$here/base-image.sh"
fi
# chroot isolation: this machine cannot give buildah's default OCI isolation its namespaces. --layers keeps each
# step's result, so a rebuild after a source change reinstalls nothing; the docker format keeps HEALTHCHECK,
# which the OCI format has no field for; --force-rm leaves no working container behind a failed step.
# The certificate authorities this machine's Node trusts reach npm ci in the build, for a registry behind a proxy.
secrets=()
if [ -f "${NODE_EXTRA_CA_CERTS:-}" ]; then
  secrets=(--secret "id=npm-ca,src=$NODE_EXTRA_CA_CERTS")
fi
buildah build --isolation=chroot --layers --force-rm --jobs=1 --format=docker "${secrets[@]}" \
  --build-arg "BASE_IMAGE=$BASE_IMAGE" \
  --file "$root/Containerfile" --tag "$image" "$root"
echo "Built $image: $(podman image inspect --format '{{.Size}}' "$image") bytes."
