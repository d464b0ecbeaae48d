import { normalizePath } from './path.js';

/**
 * Whether a path belongs to the members-only documentation: any path with a `docs` segment
 * (`/docs/…`, `/es/docs/…`, assets under `/docs/assets/…`), compared without regard to case
 * because the browser's router matches routes case-insensitively.
 *
 * Takes a raw request target or an already normalised path; a target that cannot be normalised
 * is treated as restricted, so a caller that forgets to refuse it still fails closed.
 */
export function isRestrictedPath(target: string): boolean {
  const normalized = normalizePath(target);
  return normalized.ok ? isRestrictedNormalizedPath(normalized.path) : true;
}

/** The same rule for a path that `normalizePath` has already produced (the server's hot path). */
export function isRestrictedNormalizedPath(normalizedPath: string): boolean {
  return `${normalizedPath.toLowerCase()}/`.includes('/docs/');
}
