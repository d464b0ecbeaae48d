export const PROJECT_ID: string;
export const EMULATOR_HOST: string;
export const DEMO_PASSWORD: string;
export const DEMO_ACCOUNTS: ReadonlyArray<{
  email: string;
  emailVerified: boolean;
  role: string;
  phone?: string;
  admin?: boolean;
}>;
export function createAccount(account: {
  email: string;
  emailVerified: boolean;
  phone?: string;
  admin?: boolean;
  secured?: boolean;
}): Promise<string>;
export function seedDemoAccounts(): Promise<void>;
export function identityToolkit(method: string, body: object): Promise<Response>;
export function idTokenOf(email: string, password?: string): Promise<string>;
export function latestSmsCode(phone: string): Promise<string | null>;
export function startAuthEmulator(options?: {
  quiet?: boolean;
  keepAlive?: boolean;
  own?: boolean;
  log?: (message: string) => void;
}): Promise<(() => Promise<void>) & { emulatorPid(): number | null }>;
export function sentEmails(): Promise<Array<{ email: string; requestType: string }>>;
export function latestLink(email: string, requestType?: string): Promise<string | null>;
export function printSentLinks(log?: (message: string) => void, intervalMs?: number): () => void;
export function updateAccount(email: string, changes: { claims?: object; disabled?: boolean }): Promise<void>;
