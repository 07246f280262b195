# Kiim in a container (issue 31 item 6, docs/deploy.md): built in one stage, its production dependencies installed in
# another, run as the unprivileged `node` user. One image for every role: KIIM_ROLE=web, worker or all.
#   docker build -t kiim .
#   docker run --env-file kiim.env -p 3000:3000 -v kiim-data:/app/data kiim
ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
# Native modules (better-sqlite3, argon2) build from source when no prebuilt binary fits.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY apps/admin/package.json apps/admin/
COPY packages/contract/package.json packages/contract/
COPY tools/package.json tools/
COPY bench/package.json bench/

FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN NODE_ENV=production npm run build \
 && rm -rf node_modules apps/*/node_modules packages/*/node_modules tools/node_modules bench/node_modules

FROM manifests AS deps
RUN npm ci --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE}
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 KIIM_ROLE=all
WORKDIR /app
COPY --from=build --chown=node:node /app /app
COPY --from=deps --chown=node:node /app /app
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
VOLUME ["/app/data"]
# Ready: the database answers and every migration is applied (apps/api/src/plugins/health.ts).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "apps/web/dist/server.mjs"]
