# The api in production: one container per instance behind nginx (nginx/varco.conf's upstream), on the official
# Node.js 24 LTS image, the same release that `npm start` and `npm test` run on (the "node" package of the root
# package.json). Debian slim, not Alpine: the prebuilt native binaries of @node-rs/argon2 and @resvg/resvg-js in
# the lock file are the glibc (linux-x64-gnu) ones.
#
#   docker build -f deploy/api.Dockerfile -t varco-api .     (from the repository root)
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://... -e QR_SIGNING_KEY=... -e PUBLIC_BASE_URL=... varco-api
#
# The metrics listen on 9464 of the container's own network, for a Prometheus on that private network: never publish
# that port (-p) to the outside.

FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
COPY . .
# npm install, not npm ci: see scripts/ensure-deps.sh. The api bundles its workspace packages; only the npm
# dependencies stay, without the development ones.
RUN npm install --no-audit --no-fund --loglevel=error \
  && node api/build.mjs \
  && npm prune --omit=dev --no-audit --no-fund --loglevel=error

FROM node:24.21.0-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 METRICS_HOST=0.0.0.0 METRICS_PORT=9464
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/api/package.json ./api/
COPY --from=build /app/api/node_modules ./api/node_modules
COPY --from=build /app/api/dist ./api/dist
COPY --from=build /app/api/migrations ./api/migrations
WORKDIR /app/api
USER node
EXPOSE 3000 9464
HEALTHCHECK CMD ["node", "-e", "fetch('http://127.0.0.1:3000/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The api stops gracefully on SIGTERM (docker stop); node runs as PID 1, so no shell in between.
CMD ["node", "dist/server.mjs"]
