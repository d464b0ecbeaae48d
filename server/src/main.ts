import { SettingError } from '@trust/access-policy';
import { describeIdentityMode, readServerConfig } from './config.js';
import { createSiteServer } from './createServer.js';
import { createLogger, readLogSettings } from './logging.js';
import { shutDownGracefully } from './shutdown.js';

/** Under Cloud Run's 10 s between SIGTERM and the kill, with room to spare. */
const SHUTDOWN_GRACE_MS = 7_000;

// Settings that cannot be read still get their one line in the log's own format.
let logger = createLogger(
  readLogSettings(process.env, process.env.FIREBASE_PROJECT_ID?.trim() ?? '', process.env.NODE_ENV === 'production'),
);
try {
  const config = readServerConfig();
  logger = createLogger(config.log);
  const { server, fileCount, flushLog } = await createSiteServer(config, { logger });
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    logger.info(
      {
        event: 'started',
        publicFiles: fileCount.public,
        membersFiles: fileCount.members,
        siteDir: config.siteDir,
        emulator: config.firebase.emulatorHost,
      },
      `Serving ${fileCount.public} public and ${fileCount.members} members-only files on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}. ${describeIdentityMode(config)}`,
    );
  });
  const stop = () =>
    shutDownGracefully(server, SHUTDOWN_GRACE_MS, (code) => {
      flushLog();
      process.exit(code);
    });
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  if (error instanceof SettingError) logger.fatal({ event: 'config-error' }, `Cannot start: ${error.message}`);
  else logger.fatal({ event: 'start-failed', err: error }, `Cannot start: ${(error as Error).message}`);
  logger.flush();
  process.exitCode = 1;
}
