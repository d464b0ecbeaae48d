import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import { E2E_PORT as port, HOSTING_PORT as hostingPort, INSTANCE_PORTS as instancePorts } from './ports';
const hostingOrigin = `http://localhost:${hostingPort}`;

export default defineConfig({
  testDir: './tests',
  globalSetup: './globalSetup.ts',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  // Two workers on two cores: with a third browser the machine's load passed 18, and tests that
  // wait on hydration, the emulator and the browser's popups ran out of their 30 s, several a run.
  workers: 2,
  timeout: 30_000,
  // The whole run ends, with its report, well before CI's limit even if something hangs.
  globalTimeout: 60 * 60_000,
  outputDir: '../test-results/e2e',
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    // Recording a trace for every test costs about a tenth of the run's processor time, and a
    // failure's message, call log and page snapshot are written anyway; `--trace on` records one.
    trace: 'off',
    launchOptions: chromiumLaunchOptions,
  },
  // Projects choose their tests by tag: `@hosting` runs in the browser and again through the
  // Hosting stand-in, `@hosting-only` only there, `@no-browser` checks the build without one.
  projects: [
    {
      name: 'chromium',
      grepInvert: /@hosting-only|@no-browser/,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      // The sign-in outcomes and the leak check again, through Hosting in front of Cloud Run.
      name: 'hosting',
      grep: /@hosting/,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: hostingOrigin },
    },
    { name: 'build checks', grep: /@no-browser/ },
  ],
  webServer: [
    {
      command: 'node ../server/dist/main.js',
      url: `http://localhost:${port}/`,
      // The MCP test serves its client's metadata document over https on loopback, with this
      // certificate, which the server must trust to read it.
      env: { PORT: String(port), HOST: '127.0.0.1', NODE_EXTRA_CA_CERTS: 'fixtures/loopback-tls/cert.pem' },
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    ...instancePorts.map((instancePort) => ({
      command: 'node ../server/dist/main.js',
      url: `http://127.0.0.1:${instancePort}/`,
      env: { PORT: String(instancePort), HOST: '127.0.0.1', SITE_URL: hostingOrigin, TRUST_PROXY_HOPS: '2' },
      reuseExistingServer: false,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    })),
    {
      command: 'node hostingStandIn.mjs',
      url: `${hostingOrigin}/`,
      env: { PORT: String(hostingPort), CLOUD_RUN_PORTS: instancePorts.join(',') },
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
