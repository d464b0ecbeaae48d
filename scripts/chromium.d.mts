export const CHROMIUM_PATH: string;
export const CHROMIUM_ARGS: string[];
export const chromiumLaunchOptions: { executablePath: string; args: string[] };
