import type { IncomingMessage } from 'node:http';

/** Whether a request for a locked page should be sent to sign-in (a page) or refused (anything else). */
export function wantsPage(req: IncomingMessage, normalizedPath: string): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const last = normalizedPath.slice(normalizedPath.lastIndexOf('/') + 1);
  if (last.includes('.')) return false;
  const accept = req.headers.accept;
  return accept === undefined || accept.includes('text/html') || accept.includes('*/*');
}
