// Tokens made by hand, for the tests and benchmarks that play an attacker or stand in for the
// identity provider.

/** One part of a JWT: the text, or the JSON of an object, in base64url. */
export const jwtPart = (value) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** The header every Firebase token carries (its key id aside). */
export const JWT_HEADER = jwtPart({ alg: 'RS256', typ: 'JWT' });

/** A token with these claims and no signature, as the Auth emulator issues them. */
export const unsignedJwt = (claims) => `${jwtPart({ alg: 'none', typ: 'JWT' })}.${jwtPart(claims)}.`;

/**
 * Credentials shaped like a JWT that the Admin SDK cannot even decode: it throws a SyntaxError or
 * TypeError with no `code`, which must count as a bad credential, not as the provider failing.
 */
export const JUNK_TOKENS = [
  `${JWT_HEADER}.${jwtPart('not-json')}.x`,
  `${JWT_HEADER}.${jwtPart('null')}.x`,
  `${JWT_HEADER}.${jwtPart('[1')}.sig`,
  `${jwtPart('not-json')}.${jwtPart('{}')}.x`,
  `${JWT_HEADER}.${jwtPart('"text"')}.x`,
];
