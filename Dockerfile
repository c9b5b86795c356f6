# seller-telegram-bridge: docker build -t seller-telegram-bridge .
# Two stages: the compiler toolchain for better-sqlite3's native addon stays out of the final image.

FROM node:20-bookworm-slim AS build
# python3, make and g++ build better-sqlite3 when no prebuilt binary matches this platform.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
# esbuild (which bundles the sources) is a runtime dependency, so dev tools can be left out.
RUN npm ci --omit=dev --no-audit --no-fund
COPY tsconfig.json ./
COPY scripts ./scripts
COPY src ./src
# dist/: one plain-node module per entry point (main, doctor, backup, restore, stock, sandbox), as `npm start` builds it.
RUN npm run build

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    DATABASE_PATH=/data/bridge.sqlite \
    HEALTH_PORT=8080
WORKDIR /app
# The production modules, native parts included: better-sqlite3's addon, resvg's prebuilt rasteriser and the charts'
# font (PT Sans TTF files, read from node_modules by src/sales/chart-font.ts: the base image has no fonts).
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The bot's words (Fluent), read at start-up from beside dist/: the bundle holds no text.
COPY locales ./locales
COPY package.json ./
# The database lives in a volume owned by the unprivileged user the bridge runs as.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
# Healthy while GET /healthz on HEALTH_PORT answers 2xx (the bridge runs and the store answers).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.HEALTH_PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The command of `npm start` (package.json), but node is the main process, so `docker stop` reaches it directly.
# Trial mode: docker run … seller-telegram-bridge node --max-semi-space-size=4 --optimize-for-size --liftoff-only dist/main.mjs --sandbox
CMD ["node", "--max-semi-space-size=4", "--optimize-for-size", "--liftoff-only", "dist/main.mjs"]
