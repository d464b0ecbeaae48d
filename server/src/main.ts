import { ConfigError, readServerConfig } from './config.js';
import { createSiteServer } from './createServer.js';

try {
  const config = readServerConfig();
  const { server, fileCount } = await createSiteServer(config);
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    console.log(
      `Serving ${fileCount.public} public and ${fileCount.members} members-only files from ${config.siteDir} on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`,
    );
  });
  const stop = () => server.close(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? `Cannot start: ${error.message}` : error);
  process.exit(1);
}
