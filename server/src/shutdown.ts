import type { Server } from 'node:http';

/**
 * Cloud Run sends SIGTERM and kills the container 10 s later: stop accepting at once, let the
 * requests in flight finish, and go before the kill even if a client holds a connection open.
 */
export function shutDownGracefully(server: Server, graceMs: number, exit: (code: number) => void): void {
  let hasExited = false;
  // A keep-alive connection becomes idle once its last response is sent: close it then.
  const sweep = setInterval(() => server.closeIdleConnections(), 50);
  const finish = () => {
    clearInterval(sweep);
    if (hasExited) return;
    hasExited = true;
    exit(0);
  };
  server.close(finish);
  server.closeIdleConnections();
  setTimeout(() => {
    server.closeAllConnections();
    finish();
  }, graceMs).unref();
}
