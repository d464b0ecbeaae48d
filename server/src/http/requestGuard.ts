import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Responder } from './respond.js';

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export type FaultLog = (message: string, error: unknown, req: IncomingMessage) => void;

const logToStderr: FaultLog = (message, error) => console.error(message, error);

/**
 * The one guard around every request: whatever a handler throws, or rejects with, answers 500
 * (or ends the connection when the answer has already begun) and is logged with its stack. No
 * request can end the process, however it is spelled.
 */
export function guardRequests(
  handler: RequestHandler,
  respond: Responder,
  log: FaultLog = logToStderr,
): RequestHandler {
  return function guarded(req, res) {
    const fail = (error: unknown) => {
      log('Request failed', error, req);
      if (!res.headersSent) respond.text(req, res, 500, 'Something went wrong on our side.');
      else res.destroy();
    };
    try {
      const pending = handler(req, res);
      if (pending) pending.catch(fail);
    } catch (error) {
      fail(error);
    }
  };
}
