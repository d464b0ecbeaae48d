import { isJwtShaped, isProviderFailure, malformedCredential, type IdentityVerifier } from './verifier.js';

export interface ProviderLimits {
  /** Longest wait for one answer from the identity provider. */
  timeoutMs: number;
  /** Consecutive failed calls after which the server stops calling for a while. */
  failuresToPause: number;
  /** How long calls fail at once after that, before one is let through again. */
  pauseMs: number;
}

/** The provider did not answer in time, or is being given a rest: the caller answers 503. */
class ProviderUnavailableError extends Error {
  override name = 'ProviderUnavailableError';
  readonly code: string;
  constructor(reason: 'timeout' | 'paused') {
    super(
      reason === 'timeout'
        ? 'The identity provider did not answer in time.'
        : 'The identity provider has been failing; not calling it for a moment.',
    );
    this.code = `app/provider-${reason}`;
  }
}

/** Told once when calls to the provider are paused (with the failure's code) and once when they resume. */
export type PauseListener = (change: { state: 'paused'; code: string } | { state: 'resumed' }) => void;

/**
 * Bounds every call to the identity provider: each waits at most `timeoutMs`, and after
 * `failuresToPause` failures in a row the calls fail at once for `pauseMs` (then one is tried, and
 * a success resumes them). A provider that hangs, as a network partition looks,
 * therefore costs each request a few seconds at most and, once noticed, nothing at all, instead
 * of holding every member's request and socket open.
 *
 * Only a failure of the provider itself counts (a timeout, a network or server error of an
 * actual call): an answer that a credential is bad is an answer, and a credential that is not
 * even a well-formed JWT is refused before any call, so junk sent by anyone cannot pause the
 * provider for everybody.
 */
export function boundVerifier(
  verifier: IdentityVerifier,
  limits: ProviderLimits,
  now: () => number = Date.now,
  onPause: PauseListener = () => {},
): IdentityVerifier {
  let failures = 0;
  let pausedUntil = 0;
  let isPaused = false;

  async function call<T>(credential: string | null, run: () => Promise<T>): Promise<T> {
    if (credential !== null && !isJwtShaped(credential)) throw malformedCredential();
    if (failures >= limits.failuresToPause && now() < pausedUntil) throw new ProviderUnavailableError('paused');
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ProviderUnavailableError('timeout')), limits.timeoutMs);
    });
    try {
      const result = await Promise.race([run(), timeout]);
      failures = 0;
      if (isPaused) {
        isPaused = false;
        onPause({ state: 'resumed' });
      }
      return result;
    } catch (error) {
      if (isProviderFailure(error)) {
        failures += 1;
        if (failures >= limits.failuresToPause) {
          pausedUntil = now() + limits.pauseMs;
          if (!isPaused) {
            isPaused = true;
            onPause({ state: 'paused', code: String((error as { code: unknown }).code) });
          }
        }
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    verifyIdToken: (idToken) => call(idToken, () => verifier.verifyIdToken(idToken)),
    createSessionCookie: (idToken, maxAgeMs) => call(idToken, () => verifier.createSessionCookie(idToken, maxAgeMs)),
    verifySessionCookie: (cookie, checkRevoked) =>
      call(cookie, () => verifier.verifySessionCookie(cookie, checkRevoked)),
    // A uid is no credential: nothing to check its shape against.
    revokeSessions: (uid) => call(null, () => verifier.revokeSessions(uid)),
    secureMailbox: (proof, continueUrl) => call(null, () => verifier.secureMailbox(proof, continueUrl)),
    mailSignInLink: (email, continueUrl, locale) =>
      call(null, () => verifier.mailSignInLink(email, continueUrl, locale)),
  };
}
