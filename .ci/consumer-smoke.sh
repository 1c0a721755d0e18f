#!/usr/bin/env bash
# The component library's install path, end to end, as another team meets it: start a local
# registry (Verdaccio, on loopback), publish @lead/headless and @lead/styles to it, and in a copy of
# .ci/consumer outside the workspaces install them from that registry (the scope line of the
# packages' READMEs), typecheck, build, require() them from CommonJS, and open the app in Chromium.
# The app also holds every docs page's example (extract-examples.mjs), so the docs compile as written.
# Needs the packages built (npm run build). Run by .ci/run; by hand: bash .ci/consumer-smoke.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
port="${REGISTRY_PORT:-4873}"
registry="http://127.0.0.1:${port}/"
work="$(mktemp -d)"

# Verdaccio itself: installed unless it already is from this lockfile (.ci/run installs it in its install step).
if [ ! -x "$root/.ci/registry/node_modules/.bin/verdaccio" ] || [ "$root/.ci/registry/package-lock.json" -nt "$root/.ci/registry/node_modules/.package-lock.json" ]; then
  (cd "$root/.ci/registry" && npm ci --no-audit --no-fund --loglevel=error)
fi
sed "s#^storage: .*#storage: ${work}/storage#; s#file: ./htpasswd#file: ${work}/htpasswd#" "$root/.ci/registry/config.yaml" > "$work/config.yaml"
"$root/.ci/registry/node_modules/.bin/verdaccio" --config "$work/config.yaml" --listen "127.0.0.1:${port}" > "$work/verdaccio.log" 2>&1 &
verdaccio=$!
trap 'kill $verdaccio 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 60); do curl -fs "${registry}-/ping" >/dev/null && break; sleep 0.5; done
curl -fs "${registry}-/ping" >/dev/null || { cat "$work/verdaccio.log"; exit 1; }

# A publishing account on the local registry, and its token in a userconfig of its own.
token="$(curl -fs -X PUT -H 'content-type: application/json' -d '{"name":"ci","password":"ci-password-only-local"}' \
  "${registry}-/user/org.couchdb.user:ci" | node -pe 'JSON.parse(require("fs").readFileSync(0, "utf8")).token')"
printf '//127.0.0.1:%s/:_authToken=%s\n' "$port" "$token" > "$work/publish.npmrc"
for pkg in headless styles; do
  (cd "$root/packages/$pkg" && npm publish --registry "$registry" --userconfig "$work/publish.npmrc" --loglevel=warn)
done

# The consumer: outside the workspaces, @lead/* from the local registry, the rest from npm's.
mkdir "$work/app"
(cd "$root/.ci/consumer" && tar --exclude=node_modules --exclude=dist -cf - .) | (cd "$work/app" && tar -xf -)
# Every docs page's example goes into the app as written, to be typechecked, built and rendered.
node "$work/app/extract-examples.mjs" "$root/docs/components" "$work/app/src/examples"
printf '@lead:registry=%s\n' "$registry" > "$work/app/.npmrc"
cd "$work/app"
npm install --no-audit --no-fund --loglevel=error
npm run typecheck
npm run build
npm run smoke
