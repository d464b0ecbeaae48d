import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiError } from './apiError.js';
import type { Responder } from './respond.js';

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export type FaultLog = (message: string, error: unknown, req: IncomingMessage) => void;

/**
 * The one guard around every request, and the one place an error becomes an answer: an
 * `ApiError` answers its status, body and headers; anything else a handler throws, or rejects
 * with, answers 500 (or ends the connection when the answer has already begun) and is logged
 * with its stack. No request can end the process, however it is spelled.
 */
export function guardRequests(handler: RequestHandler, respond: Responder, log: FaultLog): RequestHandler {
  return function guarded(req, res) {
    const fail = (error: unknown) => answerError(req, res, error, respond, log);
    try {
      const pending = handler(req, res);
      if (pending) pending.catch(fail);
    } catch (error) {
      fail(error);
    }
  };
}

function answerError(
  req: IncomingMessage,
  res: ServerResponse,
  error: unknown,
  respond: Responder,
  log: FaultLog,
): void {
  if (error instanceof ApiError && !res.headersSent) {
    const { protocolBody, headers } = error.options;
    if (protocolBody) respond.json(req, res, error.status, protocolBody, headers);
    else respond.error(req, res, error.status, error.body, headers);
    return;
  }
  log('Request failed', error, req);
  if (!res.headersSent) respond.text(req, res, 500, 'Something went wrong on our side.');
  else res.destroy();
}

const PARSER_ANSWERS: Readonly<Record<string, string>> = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};

/**
 * Answers a connection that Node's HTTP parser gave up on, as Node's own default does but with
 * `no-store`: 431 for an oversized header block, 408 for a connection that sent no complete request
 * in time, 400 for anything malformed. The 408 matters: browsers open connections before they need
 * them, Node times out one that stays idle, and Chromium resends a request that meets a 408 on such
 * a connection, where a 400 would reach the reader as an empty error page. Nothing is written once
 * an answer on the connection has begun, so a pipelined bad request cannot corrupt it.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  // Node keeps the answer in flight on the socket (its own default handler reads the same field).
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const status = PARSER_ANSWERS[error.code ?? ''] ?? '400 Bad Request';
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\nCache-Control: no-store\r\n\r\n`);
}
