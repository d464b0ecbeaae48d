/**
 * Every port the browser tests use, from one setting: `E2E_PORT` (default 4173) is the server as
 * `npm start` runs it; the Hosting stand-in listens on the next port, its two server instances on
 * the two after, and the deploy-bundle check starts its scratch install on the one after those.
 * Two tests start a server of their own: one in front of a provider that never answers, one that
 * re-checks sessions every second.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const HOSTING_PORT = E2E_PORT + 1;
export const INSTANCE_PORTS = [E2E_PORT + 2, E2E_PORT + 3] as const;
export const BUNDLE_PORT = E2E_PORT + 4;
export const SHORT_RECHECK_PORT = E2E_PORT + 5;
export const SILENT_PROVIDER_PORT = E2E_PORT + 7;
/** Where the mcp-remote bridge listens for the authorization's answer, one port per locale's test. */
export const BRIDGE_CALLBACK_PORTS = { en: E2E_PORT + 8, es: E2E_PORT + 9 } as const;
