# Node 24 LTS (Node 20 reached its end of life in April 2026).
FROM node:24-bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium libreoffice-writer-nogui poppler-utils fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
# The lock file links the lint tools' own package (tools/lint/package.json says why).
COPY tools/lint/package.json tools/lint/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx vite build
# Everything runs as the image's unprivileged `node` user, which owns only the data folder (0700); the code
# stays root's and read-only to it. As a non-root user Chromium keeps its sandbox on
# (docs/decisions/0063-chromium-sandbox-and-container-user.md).
RUN mkdir -p /app/.data && chown node:node /app/.data && chmod 0700 /app/.data
ENV NODE_ENV=production
USER node
EXPOSE 3000
CMD ["npm", "start"]
