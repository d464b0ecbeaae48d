import { ConfigError, describeIdentityMode, readServerConfig } from './config.js';
import { createSiteServer } from './createServer.js';
import { shutDownGracefully } from './shutdown.js';

/** Under Cloud Run's 10 s between SIGTERM and the kill, with room to spare. */
const SHUTDOWN_GRACE_MS = 7_000;

try {
  const config = readServerConfig();
  const { server, fileCount } = await createSiteServer(config);
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    console.log(describeIdentityMode(config));
    console.log(
      `Serving ${fileCount.public} public and ${fileCount.members} members-only files from ${config.siteDir} on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`,
    );
  });
  const stop = () => shutDownGracefully(server, SHUTDOWN_GRACE_MS, (code) => process.exit(code));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? `Cannot start: ${error.message}` : error);
  process.exit(1);
}
