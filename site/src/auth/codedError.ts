/**
 * Error codes apart from their messages: the code every page loads (the reader's session) raises
 * and reads codes, while the messages, in both languages, load only with the forms that show them.
 */

export function errorCode(error: unknown): string {
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
    ? (error as { code: string }).code
    : 'unknown';
}

/** An error with a code that `describeAuthError` knows. */
export class CodedError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}
