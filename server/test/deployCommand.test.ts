import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Ignore } from 'ignore';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { fencedBlocks } from '../../testkit/markdownBlocks.js';
import { readServerConfig } from '../src/config.js';
import { FakeProvider } from './fakeProvider.js';
import { rawRequest, startTestSite, type TestSite } from './helpers.js';

/**
 * The deploy an operator copies from the setup page, run through the server's own configuration
 * check: the environment Cloud Run gives the revision is the image's (the Dockerfile's `ENV`),
 * Cloud Run's own (`K_SERVICE`), the page's `--set-env-vars` and its `--set-secrets`, each secret
 * holding what the page's `gcloud secrets create` stores. A page that drops a setting the server
 * requires in production, or a secret the service account cannot read, fails here.
 */

// gitignore's rules as gcloud applies them; the package is CommonJS, whose default export NodeNext types miss.
const ignore = createRequire(import.meta.url)('ignore') as () => Ignore;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PAGES = {
  en: 'site/docs/documentation/firebase-auth-setup.md',
  es: 'site/i18n/es/docusaurus-plugin-content-docs/current/documentation/firebase-auth-setup.md',
} as const;

/** Words of one shell line: quotes removed, `|` a word of its own, `$NAME`, `${NAME}` and `${NAME#prefix}` expanded. */
function words(line: string, vars: Record<string, string>): string[] {
  const expand = (text: string) =>
    text.replace(/\$\{(\w+)(?:#([^}]*))?\}|\$(\w+)/g, (_all, braced?: string, prefix?: string, bare?: string) => {
      const name = (braced ?? bare)!;
      const value = vars[name];
      if (value === undefined) throw new Error(`the command uses $${name}, which the page never sets`);
      return prefix !== undefined && value.startsWith(prefix) ? value.slice(prefix.length) : value;
    });
  return [...line.matchAll(/'([^']*)'|"((?:[^"\\]|\\.)*)"|(\|)|([^\s'"|]+)/g)].reduce<string[]>((all, match) => {
    const [, single, double, pipe, bare] = match;
    if (single !== undefined) all.push(single);
    else if (double !== undefined) all.push(expand(double));
    else if (pipe !== undefined) all.push('|');
    else all.push(expand(bare!));
    return all;
  }, []);
}

interface DeployPage {
  /** Every command line, continuations joined, in the page's order. */
  commands: string[][];
  /** The command lines before expansion (to run a secret's generator as the page writes it). */
  raw: string[];
}

/** The page's bash blocks: `NAME=value` lines set variables for the lines after them. */
function readDeployPage(file: string): DeployPage {
  const vars: Record<string, string> = {};
  const commands: string[][] = [];
  const raw: string[] = [];
  for (const block of fencedBlocks(readFileSync(path.join(root, file), 'utf8')).filter((b) => b.lang === 'bash')) {
    const lines = block.code
      .replace(/\\\n/g, ' ')
      .split('\n')
      .map((line) => line.replace(/(^|\s)#.*$/, '').trim())
      .filter(Boolean);
    for (const line of lines) {
      const assignment = /^(\w+)=(\S+)$/.exec(line);
      if (assignment) {
        vars[assignment[1]!] = words(assignment[2]!, vars).join(' ');
        continue;
      }
      raw.push(line);
      commands.push(words(line, vars));
    }
  }
  return { commands, raw };
}

/** The value of `--name value` or `--name=value`; every value when the flag is repeated. */
function flagValues(command: string[], name: string): string[] {
  return command.flatMap((word, index) =>
    word === `--${name}`
      ? [command[index + 1] ?? '']
      : word.startsWith(`--${name}=`)
        ? [word.slice(name.length + 3)]
        : [],
  );
}

function flag(command: string[], name: string): string {
  const values = flagValues(command, name);
  assert.equal(values.length, 1, `${command.slice(0, 3).join(' ')} names --${name} once`);
  return values[0]!;
}

const startsWith = (command: string[], ...head: string[]) => head.every((word, index) => command[index] === word);

/** What the runtime stage of the Dockerfile sets with `ENV`. */
function imageEnvironment(): Record<string, string> {
  const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
  const runtimeStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  return Object.fromEntries(
    [...runtimeStage.matchAll(/^ENV (.+)$/gm)].flatMap(([, pairs]) =>
      pairs!.split(/\s+/).map((pair) => pair.split('=', 2) as [string, string]),
    ),
  );
}

interface Deploy {
  service: string;
  serviceAccount: string;
  env: Record<string, string>;
}

/** The Cloud Run revision the page's commands make, and the environment its instances start with. */
function deployOf(page: DeployPage): Deploy {
  const deploys = page.commands.filter((command) => startsWith(command, 'gcloud', 'run', 'deploy'));
  assert.equal(deploys.length, 1, 'the page deploys the server with one gcloud run deploy');
  const deploy = deploys[0]!;
  const service = deploy[3]!;
  const env: Record<string, string> = { ...imageEnvironment(), K_SERVICE: service };
  for (const pair of flag(deploy, 'set-env-vars').split(',')) {
    const [name, value] = pair.split('=', 2);
    env[name!] = value!;
  }
  for (const pair of flagValues(deploy, 'set-secrets').flatMap((value) => value.split(','))) {
    const [name, reference] = pair.split('=', 2) as [string, string];
    const [secret] = reference.split(':');
    env[name] = secretValue(page, secret!);
  }
  return { service, serviceAccount: flag(deploy, 'service-account'), env };
}

/** What `<generator> | gcloud secrets create <secret> --data-file=-` stores: the generator run as written. */
function secretValue(page: DeployPage, secret: string): string {
  const index = page.commands.findIndex(
    (command) =>
      command.includes('|') &&
      startsWith(command.slice(command.indexOf('|') + 1), 'gcloud', 'secrets', 'create', secret) &&
      flag(command, 'data-file') === '-',
  );
  assert.notEqual(index, -1, `the page creates the secret ${secret} before the service reads it`);
  const generator = page.raw[index]!.slice(0, page.raw[index]!.indexOf('|'));
  const made = spawnSync('bash', ['-c', generator], { encoding: 'utf8' });
  assert.equal(made.status, 0, `${generator}: ${made.stderr}`);
  return made.stdout;
}

for (const [locale, file] of Object.entries(PAGES)) {
  describe(`the deploy on the setup page (${locale}) starts the server in production`, () => {
    const page = readDeployPage(file);
    const deploy = deployOf(page);
    let site: TestSite;
    before(async () => {
      site = await startTestSite(undefined, { verifier: new FakeProvider() }, deploy.env);
    });
    after(() => site.close());

    it('passes the configuration check with exactly the settings the page gives the revision', () => {
      const config = readServerConfig(deploy.env);
      assert.equal(config.isProduction, true);
      assert.equal(config.host, '0.0.0.0');
      assert.equal(config.port, 8080);
      assert.equal(config.firebase.emulatorHost, null);
      assert.match(config.firebase.projectId, /^[a-z][a-z0-9-]{4,28}[a-z0-9]$/);
      assert.match(config.publicOrigin ?? '', /^https:\/\/[a-z0-9.-]+$/);
      assert.equal(config.trustProxyHops, 2);
      assert.equal(config.mcp.tokenSecret, deploy.env.OAUTH_TOKEN_SECRET!.trim());
    });

    it('answers as a production server: a page with HSTS', async () => {
      const answer = await rawRequest(site.origin, '/');
      assert.equal(answer.status, 200);
      assert.equal(answer.headers['strict-transport-security'], 'max-age=63072000; includeSubDomains');
    });

    it('runs as its own service account, which may read the secrets and the accounts', () => {
      const account = /^([a-z][a-z0-9-]{4,28}[a-z0-9])@([a-z][a-z0-9-]{4,28}[a-z0-9])\.iam\.gserviceaccount\.com$/.exec(
        deploy.serviceAccount,
      );
      assert.ok(account, `--service-account ${deploy.serviceAccount} is a service account's address`);
      const bindings = (kind: 'secrets' | 'projects') =>
        page.commands
          .filter(
            (command) =>
              startsWith(command, 'gcloud', kind, 'add-iam-policy-binding') &&
              flag(command, 'member') === `serviceAccount:${deploy.serviceAccount}`,
          )
          .map((command) => `${command[3]} ${flag(command, 'role')}`);
      assert.ok(
        page.commands.some(
          (command) =>
            startsWith(command, 'gcloud', 'iam', 'service-accounts', 'create', account[1]!) &&
            flag(command, 'project') === account[2],
        ),
        'the page creates the service account in the project',
      );
      assert.deepEqual(bindings('projects'), [`${account[2]} roles/firebaseauth.admin`]);
      const secrets = flagValues(
        page.commands.find((c) => startsWith(c, 'gcloud', 'run', 'deploy'))!,
        'set-secrets',
      )
        .flatMap((value) => value.split(','))
        .map((pair) => pair.split('=', 2)[1]!.split(':')[0]!);
      assert.deepEqual(
        bindings('secrets'),
        secrets.map((secret) => `${secret} roles/secretmanager.secretAccessor`),
      );
    });

    it('enables every API the commands use before using it', () => {
      const enabled = page.commands
        .filter((command) => startsWith(command, 'gcloud', 'services', 'enable'))
        .flatMap((command) => command.slice(3).filter((word) => word.endsWith('.googleapis.com')));
      assert.deepEqual(enabled.sort(), [
        'artifactregistry.googleapis.com',
        'cloudbuild.googleapis.com',
        'run.googleapis.com',
        'secretmanager.googleapis.com',
      ]);
    });
  });
}

describe('the two setup pages deploy alike', () => {
  it('run the same commands in the same order', () => {
    assert.deepEqual(readDeployPage(PAGES.es).commands, readDeployPage(PAGES.en).commands);
  });
});

describe('what the source deploy uploads', () => {
  it('holds the prepared build the image copies, and leaves out what the image does not need', () => {
    // gcloud reads .gcloudignore alone when it exists; its `#!include:` lines would add another file's rules.
    const rules = readFileSync(path.join(root, '.gcloudignore'), 'utf8');
    assert.doesNotMatch(rules, /^#!include:/m);
    const ignored = ignore().add(rules);
    assert.deepEqual(
      ['site/dist/server-record.json', 'site/dist/public/index.html', 'Dockerfile', 'server/src/main.ts'].filter(
        (file) => ignored.ignores(file),
      ),
      [],
    );
    assert.deepEqual(
      ['node_modules/tsx/package.json', 'site/node_modules/x.js', '.git/HEAD'].filter((file) => !ignored.ignores(file)),
      [],
    );
  });
});
