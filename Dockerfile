# Node 24 LTS (Node 20 reached its end of life in April 2026).
# Two stages (docs/decisions/0260-one-build.md): the build stage installs everything and runs `npm run build`;
# the image that runs holds the production dependencies (`npm ci --omit=dev`) and dist/, no build tools and
# no sources.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The lock file links the lint tools' own package (tools/lint/package.json says why).
COPY tools/lint/package.json tools/lint/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim
# Chromium prints the application PDF, LibreOffice converts Word uploads. poppler-utils is not here: only the
# tests read PDFs back with it.
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium libreoffice-writer-nogui fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund
COPY --from=build /app/dist ./dist
# `npm run worker` and the operator commands check for the build (found here) before they run it.
COPY scripts/build.mjs ./scripts/build.mjs
# Everything runs as the image's unprivileged `node` user, which owns only the data folder (0700); the code
# stays root's and read-only to it. As a non-root user Chromium keeps its sandbox on
# (docs/decisions/0063-chromium-sandbox-and-container-user.md).
RUN mkdir -p /app/.data && chown node:node /app/.data && chmod 0700 /app/.data
ENV NODE_ENV=production
USER node
EXPOSE 3000
CMD ["node", "dist/node/start.mjs"]
