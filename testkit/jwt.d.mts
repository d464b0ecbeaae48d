export function jwtPart(value: string | object): string;
export const JWT_HEADER: string;
export function unsignedJwt(claims: object): string;
export const JUNK_TOKENS: readonly string[];
