import { startAuthEmulator } from '../scripts/authEmulator.mjs';

/** The browser tests run against the real Auth emulator, seeded with the demo accounts. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  return startAuthEmulator({ quiet: true });
}
