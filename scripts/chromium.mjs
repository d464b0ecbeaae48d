// The browser every script and test here launches: Debian's Chromium (no browser is downloaded),
// headless in a container: no sandbox, no GPU, no background traffic.

/** `CHROMIUM_PATH`, or where Debian's package puts Chromium. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** Playwright's `launchOptions` for it. */
export const chromiumLaunchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };
