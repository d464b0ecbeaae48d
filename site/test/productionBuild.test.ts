import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { describe, it } from 'node:test';
import { site } from './docsPages';

/**
 * A production build (one with FIREBASE_API_KEY) must not ship the example values the site falls
 * back to with no settings: a footer writing to a `.example` address, a Software menu linking to
 * one, the demo reader whitelisted, the demo project, or `localhost` as the site's origin. Each
 * case loads the site's configuration as `docusaurus build` does first, in a process of its own
 * with only the environment given.
 */

const PRODUCTION = {
  FIREBASE_API_KEY: 'AIzaSyTestKeyOfTheCentre',
  FIREBASE_PROJECT_ID: 'uai-trustworthy-systems',
  FIREBASE_AUTH_DOMAIN: 'confiables.uai.cl',
  SITE_URL: 'https://confiables.uai.cl',
  SITE_CONTACT_EMAIL: 'sistemas.confiables@uai.cl',
  SITE_WHITELISTED_EMAIL: 'lectora.invitada@colaboradora.cl',
  SITE_SOCIAL_URL: 'https://www.linkedin.com/school/universidad-adolfo-ibanez/',
  SITE_PRODUCT_URL: 'https://sentinel.uai.cl',
};

/** Loads the build's configuration with exactly `env`; the error line it stops with, if any. */
function loadConfig(env: Record<string, string>): Promise<{ code: number | null; error: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', "await import('./docusaurus.config.ts')"], {
      cwd: site,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, error: /^\w*Error: .*$/m.exec(stderr)?.[0] ?? stderr }));
  });
}

const without = (name: keyof typeof PRODUCTION) =>
  Object.fromEntries(Object.entries(PRODUCTION).filter(([key]) => key !== name));

describe('a production build refuses the example defaults, naming the setting', () => {
  it('builds with the centre’s own values', async () => {
    assert.deepEqual(await loadConfig(PRODUCTION), { code: 0, error: '' });
  });

  const defaults: [keyof typeof PRODUCTION, string][] = [
    ['SITE_URL', 'http://localhost:3000'],
    ['SITE_CONTACT_EMAIL', 'contact@trustworthy-systems.example'],
    ['SITE_WHITELISTED_EMAIL', 'guest.reader@example.com'],
    ['SITE_PRODUCT_URL', 'https://sentinel.trustworthy-systems.example'],
    ['FIREBASE_PROJECT_ID', 'demo-trustworthy-systems'],
  ];
  for (const [name, value] of defaults) {
    it(`stops when ${name} is left at its default, ${value}`, async () => {
      const { code, error } = await loadConfig(without(name));
      assert.equal(code, 1);
      assert.equal(
        error,
        `SettingError: ${name}="${value}" is an example value, and this is a production build (FIREBASE_API_KEY is set): set ${name} to the centre's own.`,
      );
    });
  }

  const examples: [keyof typeof PRODUCTION, string][] = [
    ['SITE_URL', 'https://trust.example.org'],
    ['FIREBASE_AUTH_DOMAIN', 'trust.example.org'],
    ['SITE_CONTACT_EMAIL', 'contact@example.org'],
    ['SITE_WHITELISTED_EMAIL', 'invited.reader@example.org'],
    ['SITE_PRODUCT_URL', 'https://sentinel.example.org'],
    ['SITE_SOCIAL_URL', 'https://social.example.net/centre'],
  ];
  for (const [name, value] of examples) {
    it(`stops when ${name} is an example the documentation shows, ${value}`, async () => {
      const { code, error } = await loadConfig({ ...PRODUCTION, [name]: value });
      assert.equal(code, 1);
      assert.equal(
        error,
        `SettingError: ${name}="${value}" is an example value, and this is a production build (FIREBASE_API_KEY is set): set ${name} to the centre's own.`,
      );
    });
  }

  it('keeps the example defaults for a build against the emulator (no FIREBASE_API_KEY)', async () => {
    assert.deepEqual(await loadConfig({}), { code: 0, error: '' });
  });
});
