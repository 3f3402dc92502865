/**
 * Requests Node's HTTP parser refuses never reach Fastify: headers over the limit (431), bytes that
 * are not HTTP (400), a request that took too long to arrive (408). Fastify's own answer to them is
 * { error, message, statusCode }; this one is ours, { success: false, message }, like every answer
 * (DESIGN.md "The API"). Passed as Fastify's clientErrorHandler option.
 */
import type { Socket } from 'node:net';
import { MESSAGES } from '@rental/contract';

export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  // The client went away: nobody to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', MESSAGES.requestHeadersTooLarge]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', MESSAGES.requestTimedOut]
        : [400, 'Bad Request', MESSAGES.requestMalformed];
  const body = JSON.stringify({ success: false, message, code: status === 408 ? 'too_slow' : status === 431 ? 'too_large' : 'invalid_input' });
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\n` +
      'Connection: close\r\n' +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    // Written: close the connection even if the client never closes its side.
    () => socket.destroy(),
  );
}
