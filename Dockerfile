# Egg Rush: one image with the server and the built web app.
#   docker build -t egg-rush .      (or: podman build -t egg-rush .)
# The build stage installs everything and builds; the deps stage installs only production
# dependencies; the last keeps those and the build output, and runs as the unprivileged `node` user.

# The workspaces' manifests alone, which both installs start from: the dependency layers are
# reused while only sources change.
FROM node:20-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/game/package.json packages/game/
COPY packages/contract/package.json packages/contract/
COPY packages/jetton/package.json packages/jetton/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/

FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM manifests AS deps
# Only what the server loads at run time (its npm dependencies; our packages are bundled).
RUN npm ci --omit=dev --no-audit --no-fund --workspace @egg-rush/server --include-workspace-root=false \
  && npm cache clean --force

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    LOG_LEVEL=warn
WORKDIR /app
COPY --from=deps --chown=node:node /app/node_modules ./node_modules
COPY --from=deps --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/apps/server/package.json ./apps/server/package.json
COPY --from=build --chown=node:node /app/apps/server/dist ./apps/server/dist
COPY --from=build --chown=node:node /app/apps/server/drizzle ./apps/server/drizzle
COPY --from=build --chown=node:node /app/apps/web/dist ./apps/web/dist
# PGlite's folder when DATABASE_URL is not set (a single small server); PostgreSQL otherwise.
RUN mkdir -p /app/data && chown node:node /app/data
ENV DATA_DIR=/app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/v1/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Migrations run at start (the primary applies them once before it forks WORKERS).
CMD ["node", "apps/server/dist/main.js"]
