# The site as a container: `docker compose up` builds it (see docker-compose.yml).
# Stage 1: every dependency, to build. Stage 2: the production build. Stage 3: runtime only.
FROM node:22-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
ENV NEXT_TELEMETRY_DISABLED=1
COPY . .
RUN npm run build

FROM node:22-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:22-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 DATA_DIR=/app/.data
# ffprobe (Debian's ffmpeg) checks uploaded audio masters and reads their duration; the server's
# native memory goes through jemalloc (libjemalloc2, see scripts/start.sh).
RUN apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ffmpeg libjemalloc2 \
  && rm -rf /var/lib/apt/lists/*
COPY --from=prod-deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/.next ./.next
COPY --chown=node:node package.json tsconfig.json next.config.ts cache-handler.mjs ./
COPY --chown=node:node scripts ./scripts
COPY --chown=node:node src ./src
COPY --chown=node:node content ./content
COPY --chown=node:node public ./public
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:3000/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# As `npm start`: the script replaces itself with one Node process (PID 1) running the launcher,
# which applies migrations (one instance at a time), then runs `next start`; on SIGTERM it lets
# requests and the running job finish and exits 0.
CMD ["sh", "scripts/start.sh"]
