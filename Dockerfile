# XIX Arena's server and worker, one image: `docker compose up` runs both (docker-compose.yml).
# The command picks the process: apps/server/src/main.ts (default) or apps/worker/src/main.ts.
FROM node:24-slim

WORKDIR /app
ENV NODE_ENV=production

# The manifests first, so `npm ci` is cached until a dependency changes. Every workspace package
# needs its package.json here: a new one under apps/ gets a line.
COPY package.json package-lock.json ./
COPY engine/package.json engine/
COPY sdk/package.json sdk/
COPY apps/cli/package.json apps/cli/
COPY apps/referee/package.json apps/referee/
COPY apps/sandbox/package.json apps/sandbox/
COPY apps/store/package.json apps/store/
COPY apps/server/package.json apps/server/
COPY apps/worker/package.json apps/worker/
COPY apps/platform/package.json apps/platform/
COPY apps/ratings/package.json apps/ratings/
# Development tools (vitest, typescript, benchmarks) stay out; esbuild and isolated-vm (a prebuilt
# binary for Node 24 on glibc) are dependencies of the sandbox, so they come in.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# TypeScript runs as it is (Node 24 strips the types): no build step.
COPY engine engine
COPY sdk sdk
COPY apps apps
COPY tsconfig.json ./

# the data directory (XIX_DATA_DIR): the blob store of replays and logs; a fresh volume mounted
# here takes this folder's owner
RUN mkdir -p /data/blobs && chown -R node:node /data
USER node
# isolated-vm needs --no-node-snapshot; the sandbox hosts the worker forks get it too.
ENTRYPOINT ["node", "--no-node-snapshot"]
CMD ["apps/server/src/main.ts"]
