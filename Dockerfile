# Tribe36 as one image (docs/deploy.md): built in one stage, run from another with production
# dependencies only, as the unprivileged `node` user. `docker compose up` (compose.yaml) runs it on
# PostgreSQL and MinIO behind nginx.

# The build: every dependency (Vite, esbuild…), then the client and the bundled server in dist/.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN node scripts/build.mjs

# Production dependencies only, installed on the runtime's own base image (@node-rs/argon2 and
# PGlite bring platform files of their own).
FROM node:20-bookworm-slim AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=5000 \
    DATA_DIR=/var/lib/tribe36
WORKDIR /app
COPY --from=dependencies /app/node_modules ./node_modules
COPY package.json package-lock.json ./
COPY --from=build /app/dist ./dist
# Applied at start-up (one instance at a time: an advisory lock).
COPY server/db/migrations ./server/db/migrations
# DATA_DIR holds the data-folder lock, mail written as files when SMTP_URL is unset, and (without
# DATABASE_URL and S3_*) the embedded database and uploads: mount a volume there.
RUN mkdir -p /var/lib/tribe36 && chown node:node /var/lib/tribe36
VOLUME ["/var/lib/tribe36"]
USER node
EXPOSE 5000
# Alive and the database answers; a load balancer that can should also use /api/health/ready.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||5000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM drains (decision 30): give it SHUTDOWN_TIMEOUT_MS (10 s) and a little more before SIGKILL.
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/main.js"]
