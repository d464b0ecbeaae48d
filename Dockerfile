# The site server for Cloud Run: the lock on the documentation, holding the prepared build
# (members' files included). Run `npm run build` first: the image takes site/dist/ from the
# working copy, so Cloud Run serves the very build whose public half goes to Firebase Hosting
# (the pages there load the documentation's chunks, by hashed name, from Cloud Run).

FROM node:22-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json ./
COPY access-policy/package.json access-policy/
COPY server/package.json server/
RUN npm ci --workspace server --workspace access-policy --include-workspace-root --no-audit --no-fund
COPY access-policy/ access-policy/
COPY server/ server/
RUN npm run build:server

FROM node:22-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080
WORKDIR /app
COPY package.json package-lock.json ./
COPY access-policy/package.json access-policy/
COPY server/package.json server/
RUN npm ci --omit=dev --workspace server --include-workspace-root=false --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/access-policy/dist access-policy/dist
COPY --from=build /app/server/dist server/dist
COPY site/dist site/dist
USER node
EXPOSE 8080
# Node runs as the container's first process with no shell or npm in between, so SIGTERM reaches it.
CMD ["node", "server/dist/main.js"]
