// The Firebase Auth emulator for `npm start` and the browser tests: started offline under a
// `demo-` project (no credentials, no network) and seeded with the demo accounts of the README.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { DEFAULT_EMULATOR_HOST, DEMO_PROJECT_ID } from '@trust/access-policy';
import { signalGroup } from './processGroup.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PROJECT_ID = DEMO_PROJECT_ID;
export const EMULATOR_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST || DEFAULT_EMULATOR_HOST;
export const DEMO_PASSWORD = 'sentinel-demo-2026';

/** The demo accounts: one per outcome the access rule can have. */
export const DEMO_ACCOUNTS = [
  { email: 'ana.torres@uai.cl', emailVerified: true, role: 'staff member, admin', admin: true },
  { email: 'diego.rojas@alumnos.uai.cl', emailVerified: true, role: 'student' },
  { email: 'guest.reader@example.com', emailVerified: true, role: 'whitelisted reader' },
  { email: 'visitor@example.org', emailVerified: true, role: 'verified outsider' },
  { email: 'unverified@uai.cl', emailVerified: false, role: 'unverified university address' },
  {
    email: 'mfa.staff@uai.cl',
    emailVerified: true,
    role: 'staff member with an SMS second factor',
    phone: '+56955550100',
  },
];

const base = `http://${EMULATOR_HOST}`;

async function isUp() {
  try {
    return (await fetch(`${base}/`)).ok;
  } catch {
    return false;
  }
}

async function waitUntilUp(child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await isUp()) return;
    if (child && child.exitCode !== null) throw new Error(`The Auth emulator exited with code ${child.exitCode}.`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The Auth emulator did not answer at ${base} within ${timeoutMs / 1000} s.`);
}

const ADMIN_HEADERS = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };

/**
 * Creates one account with the demo password (and an SMS second factor when it has a phone).
 * Demo accounts are made by the operator, so they count as secured by their mailbox's owner
 * (the `secured` claim, as the server records a first proof); `secured: false` makes one as
 * anybody could, with the password, before its owner has proven the mailbox.
 */
export async function createAccount({ email, emailVerified, phone, admin = false, secured = true }) {
  const body = {
    email,
    password: DEMO_PASSWORD,
    emailVerified,
    ...(phone ? { mfaInfo: [{ phoneInfo: phone, displayName: 'Mobile' }] } : {}),
  };
  const response = await fetch(`${base}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts`, {
    method: 'POST',
    headers: ADMIN_HEADERS,
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`Could not create ${email}: ${response.status} ${await response.text()}`);
  const { localId } = await response.json();
  const claims = {
    ...(admin ? { admin: true } : {}),
    ...(secured ? { secured: Math.floor(Date.now() / 1000) - 1 } : {}),
  };
  if (Object.keys(claims).length === 0) return localId;
  // The emulator takes custom claims only in an update, as the Admin SDK's setCustomUserClaims sends them.
  const claimed = await fetch(`${base}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`, {
    method: 'POST',
    headers: ADMIN_HEADERS,
    body: JSON.stringify({ localId, customAttributes: JSON.stringify(claims) }),
  });
  if (!claimed.ok) throw new Error(`Could not set the claims of ${email}: ${claimed.status} ${await claimed.text()}`);
  return localId;
}

/** Changes an account as the Admin SDK would: adds custom claims to its own, or sets whether it is disabled. */
export async function updateAccount(email, { claims, disabled }) {
  const lookup = await fetch(`${base}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:lookup`, {
    method: 'POST',
    headers: ADMIN_HEADERS,
    body: JSON.stringify({ email: [email] }),
  });
  const { users = [] } = await lookup.json();
  if (users.length !== 1) throw new Error(`No account has the address ${email}.`);
  const response = await fetch(`${base}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`, {
    method: 'POST',
    headers: ADMIN_HEADERS,
    body: JSON.stringify({
      localId: users[0].localId,
      ...(claims
        ? { customAttributes: JSON.stringify({ ...JSON.parse(users[0].customAttributes ?? '{}'), ...claims }) }
        : {}),
      ...(disabled === undefined ? {} : { disableUser: disabled }),
    }),
  });
  if (!response.ok) throw new Error(`Could not change ${email}: ${response.status} ${await response.text()}`);
}

/** Removes every account, then creates the demo accounts (idempotent). */
export async function seedDemoAccounts() {
  const reset = await fetch(`${base}/emulator/v1/projects/${PROJECT_ID}/accounts`, {
    method: 'DELETE',
    headers: ADMIN_HEADERS,
  });
  if (!reset.ok) throw new Error(`Could not reset the emulator's accounts (${reset.status}).`);
  for (const account of DEMO_ACCOUNTS) await createAccount(account);
}

/** The latest SMS code the emulator "sent" to a phone number (for the second-factor step). */
export async function latestSmsCode(phone) {
  const response = await fetch(`${base}/emulator/v1/projects/${PROJECT_ID}/verificationCodes`);
  const { verificationCodes = [] } = await response.json();
  return verificationCodes.filter((entry) => entry.phoneNumber === phone).at(-1)?.code ?? null;
}

/**
 * The emulator's configuration when it is asked for elsewhere than `firebase.json` says: the
 * emulator reads its port from that file only (an environment variable does not move it), and
 * two emulators side by side also need their own hub and logging ports.
 */
function configFor(host, port) {
  const projectConfig = JSON.parse(readFileSync(path.join(root, 'firebase.json'), 'utf8'));
  const { auth } = projectConfig.emulators;
  if (`${auth.host}:${auth.port}` === `${host}:${port}`) return [];
  const dir = mkdtempSync(path.join(tmpdir(), 'auth-emulator-'));
  const file = path.join(dir, 'firebase.json');
  const at = (offset) => ({ host, port: Number(port) + offset });
  writeFileSync(
    file,
    JSON.stringify({
      emulators: { ...projectConfig.emulators, auth: at(0), hub: at(1), logging: at(2) },
    }),
  );
  return ['--config', file];
}

function spawnEmulator(quiet) {
  const [host, port] = EMULATOR_HOST.split(':');
  const config = configFor(host, port);
  const child = spawn(
    process.execPath,
    [
      path.join(root, 'node_modules/firebase-tools/lib/bin/firebase.js'),
      'emulators:start',
      '--only',
      'auth',
      '--project',
      PROJECT_ID,
      ...config,
    ],
    {
      cwd: root,
      stdio: quiet ? 'ignore' : ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: '' },
      detached: process.platform !== 'win32',
    },
  );
  if (config.length > 0) child.once('exit', () => rmSync(path.dirname(config[1]), { recursive: true, force: true }));
  return child;
}

/**
 * How long the emulator may take to answer once started. It starts in about ten seconds on an idle
 * machine, but several times slower on two cores busy with a production build and other test runs.
 */
const START_TIMEOUT_MS = 150_000;

/** How long a caller that must own its emulator waits for one that answers already to end. */
const OWN_WAIT_MS = 30_000;

/**
 * Waits for the emulator that answers at this address to end (one that an earlier test file is
 * still shutting down, for instance), or fails saying that another is in the way.
 */
async function waitUntilGone(timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (await isUp()) {
    if (Date.now() >= deadline)
      throw new Error(
        `An Auth emulator this process did not start still answers at ${base} after ${timeoutMs / 1000} s; stop it and run again.`,
      );
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Restarts within this long of each other mean the emulator cannot stay up: stop trying. */
const RESTART_WINDOW_MS = 60_000;
const MAX_RESTARTS = 3;

/**
 * Starts the emulator (unless one already answers) and seeds it. Resolves to a function that
 * stops what was started.
 *
 * With `keepAlive` (for `npm start`), an emulator that dies is reported and started again with
 * the demo accounts, so the site does not go on serving a sign-in form nobody can use; after
 * three deaths in a minute it says so and stops trying. With `own`, the caller needs an emulator
 * it started itself (to stop it behind its own back): one already answering is waited out.
 */
export async function startAuthEmulator({ quiet = false, keepAlive = false, own = false, log = console.error } = {}) {
  let child = null;
  let isStopping = false;
  const restarts = [];

  function watch(current) {
    current.once('exit', async (code, signal) => {
      if (isStopping || !keepAlive) return;
      const now = Date.now();
      while (restarts.length > 0 && now - restarts[0] > RESTART_WINDOW_MS) restarts.shift();
      if (restarts.length >= MAX_RESTARTS) {
        log(
          `The Firebase Auth emulator stopped again (${signal ?? `exit code ${code}`}) and was not restarted: nobody can sign in. Stop the site (Ctrl+C) and run "npm start" again.`,
        );
        return;
      }
      restarts.push(now);
      log(
        `The Firebase Auth emulator stopped (${signal ?? `exit code ${code}`}): nobody can sign in until it is back. Restarting it…`,
      );
      try {
        child = spawnEmulator(quiet);
        watch(child);
        await waitUntilUp(child, START_TIMEOUT_MS);
        await seedDemoAccounts();
        log(`The Firebase Auth emulator is back at ${base}, with the demo accounts.`);
      } catch (error) {
        log(`The Firebase Auth emulator could not be restarted: ${error.message}`);
      }
    });
  }

  if (own) await waitUntilGone(OWN_WAIT_MS);
  if (!(await isUp())) {
    child = spawnEmulator(quiet);
    watch(child);
    try {
      await waitUntilUp(child, START_TIMEOUT_MS);
    } catch (error) {
      // Not left behind to come up later, unowned, on the port the next caller will try.
      isStopping = true;
      signalGroup(child, 'SIGKILL');
      throw error;
    }
  }
  await seedDemoAccounts();
  const stop = async () => {
    isStopping = true;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', () => resolve(true)));
    const within = (ms) => Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve(false), ms))]);
    signalGroup(child, 'SIGINT');
    // An emulator still shutting down after its grace is killed: left running, it would hold its
    // port for the next caller and keep the calling process (a test file) from ever ending.
    if (!(await within(5_000))) {
      signalGroup(child, 'SIGKILL');
      await within(5_000);
    }
  };
  /** The process id of the emulator this call started, if any (tests stop it behind its back). */
  stop.emulatorPid = () => child?.pid ?? null;
  return stop;
}

async function oobCodes() {
  const response = await fetch(`${base}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  const { oobCodes: codes = [] } = await response.json();
  return codes;
}

/** The out-of-band codes (sign-in links, verification and password-reset e-mails) the emulator "sent". */
export async function sentEmails() {
  return (await oobCodes()).map((entry) => ({ email: entry.email, requestType: entry.requestType }));
}

/**
 * A call to the emulator's public REST API (what the Web API key allows anyone, as the browser SDK
 * or an attacker's script would call it). Tried twice: after a pause the emulator may already have
 * closed the kept-alive socket fetch reuses.
 */
export async function identityToolkit(method, body) {
  const call = () =>
    fetch(`${base}/identitytoolkit.googleapis.com/v1/${method}?key=demo-api-key`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  return call().catch(call);
}

/** A fresh ID token of an account that has a password (the demo accounts' by default). */
export async function idTokenOf(email, password = DEMO_PASSWORD) {
  const response = await identityToolkit('accounts:signInWithPassword', { email, password, returnSecureToken: true });
  const answer = await response.json();
  if (!answer.idToken) throw new Error(`No ID token for ${email}: ${JSON.stringify(answer)}`);
  return answer.idToken;
}

/** The link of the newest e-mail of this kind the emulator "sent" to the address, or null. */
export async function latestLink(email, requestType = 'EMAIL_SIGNIN') {
  const codes = await oobCodes();
  return codes.filter((entry) => entry.email === email && entry.requestType === requestType).at(-1)?.oobLink ?? null;
}

const MAIL_KINDS = {
  EMAIL_SIGNIN: 'Sign-in link',
  PASSWORD_RESET: 'Password-reset link',
  VERIFY_EMAIL: 'Verification link',
  VERIFY_AND_CHANGE_EMAIL: 'Address-change link',
};

/**
 * For `npm start`: the emulator sends no e-mail, so every link it would have sent is printed
 * here as it is made, for the person trying the demo to open. Resolves to a function that stops.
 */
export function printSentLinks(log = console.log, intervalMs = 1000) {
  const seen = new Set();
  let isFirst = true;
  const poll = async () => {
    try {
      for (const entry of await oobCodes()) {
        if (seen.has(entry.oobCode)) continue;
        seen.add(entry.oobCode);
        if (!isFirst) log(`${MAIL_KINDS[entry.requestType] ?? 'E-mail'} for ${entry.email}: ${entry.oobLink}`);
      }
      isFirst = false;
    } catch {
      // The emulator is restarting (it says so itself); the next round prints what it missed.
    }
  };
  void poll();
  const timer = setInterval(poll, intervalMs);
  return () => clearInterval(timer);
}
