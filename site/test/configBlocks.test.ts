import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, cpSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fencedBlocks } from '../../testkit/markdownBlocks';
import { docsRoots, markdownFiles, site } from './docsPages';

/**
 * Every configuration block of the documentation is parsed, with the real tool where Debian has
 * one, so that a block an operator copies cannot be broken:
 *
 * - `nginx`: `nginx -t` on a scratch configuration (own `pid`, `error_log` and temp paths in a temp
 *   folder). A block is a site file, placed inside `http {}`; a block marked `fragment="server"` is
 *   placed inside a `server {}`. Certificate paths are rewritten to a throwaway self-signed
 *   certificate made with openssl, because the real ones exist only after certbot has run; everything
 *   else is checked as written.
 * - `ini` blocks that are systemd units (a `title` ending in `.service` or `.timer`, or a `[Service]`
 *   or `[Timer]` section): `systemd-analyze verify --root=<temp>`. The root holds a copy of the host's
 *   `/usr/lib/systemd/system` (so that targets such as `network-online.target` resolve) and an empty
 *   executable at every absolute path the unit runs: the programs (the sensor, node, dotnet) belong
 *   to packages this machine does not have, so the check covers the unit's sections, keys, values and
 *   dependencies, not the existence of the programs. Any warning fails the block.
 * - `yaml`: parsed with js-yaml (every document of the block); `json`: `JSON.parse`.
 * - `bash`, `sh`, `shell`: `bash -n`. `python`: parsed with Python's `ast` module.
 *
 * A block that cannot be checked as it stands carries `nocheck="<reason>"` in its info string; the
 * reason is required. Debian packages needed: nginx, systemd, openssl, bash, python3.
 */

const require = createRequire(import.meta.url);
const yaml = require('js-yaml') as { loadAll: (text: string) => unknown[] };

interface Block {
  where: string;
  lang: string;
  meta: Record<string, string>;
  code: string;
}

const CHECKED = new Set(['nginx', 'ini', 'yaml', 'json', 'bash', 'sh', 'shell', 'python']);

/** Fenced blocks of a Markdown file, each named by its file and line. */
function blocksOf(file: string, text: string): Block[] {
  return fencedBlocks(text).map(({ line, lang, meta, code }) => ({
    where: `${path.relative(site, file)}:${line}`,
    lang,
    meta,
    code,
  }));
}

const files = [...markdownFiles(docsRoots.en), ...markdownFiles(docsRoots.es)];
const blocks = files
  .flatMap((file) => blocksOf(file, readFileSync(file, 'utf8')))
  .filter((block) => CHECKED.has(block.lang));

const scratch = mkdtempSync(path.join(os.tmpdir(), 'config-blocks-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

function run(command: string, args: string[], input?: string) {
  const result = spawnSync(command, args, { input, encoding: 'utf8' });
  if (result.error) {
    throw new Error(`${command} could not be run (${result.error.message}); install it (see the comment in this test)`);
  }
  return { status: result.status, output: `${result.stdout}${result.stderr}`.trim() };
}

let certificate: { cert: string; key: string } | undefined;
function throwawayCertificate() {
  if (!certificate) {
    const cert = path.join(scratch, 'cert.pem');
    const key = path.join(scratch, 'key.pem');
    const made = run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=config-blocks',
      '-keyout',
      key,
      '-out',
      cert,
    ]);
    assert.equal(made.status, 0, made.output);
    certificate = { cert, key };
  }
  return certificate;
}

function checkNginx(block: Block, index: number): string | undefined {
  const dir = path.join(scratch, `nginx-${index}`);
  mkdirSync(dir);
  const { cert, key } = throwawayCertificate();
  const body = block.code
    .replace(/^(\s*ssl_certificate)\s+\S+;/gm, `$1 ${cert};`)
    .replace(/^(\s*ssl_certificate_key)\s+\S+;/gm, `$1 ${key};`);
  const site = block.meta.fragment === 'server' ? `server {\n listen 127.0.0.1:8099;\n${body}\n}` : body;
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((name) => `${name}_temp_path ${dir}/${name};`)
    .join('\n');
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\naccess_log off;\n${temp}\n${site}\n}\n`,
  );
  const result = run('nginx', ['-t', '-q', '-c', conf, '-p', `${dir}/`]);
  return result.status === 0 ? undefined : result.output;
}

function isUnit(block: Block): boolean {
  return /\.(service|timer)$/.test(block.meta.title ?? '') || /^\[(Service|Timer)\]$/m.test(block.code);
}

function checkUnit(block: Block, index: number): string | undefined {
  const root = path.join(scratch, `root-${index}`);
  const units = path.join(root, 'etc/systemd/system');
  mkdirSync(units, { recursive: true });
  cpSync('/usr/lib/systemd/system', path.join(root, 'usr/lib/systemd/system'), { recursive: true });
  for (const [, program] of block.code.matchAll(/^Exec\w*=[-+!@:]*(\/\S+)/gm)) {
    const stub = path.join(root, program!);
    if (existsSync(stub)) continue;
    mkdirSync(path.dirname(stub), { recursive: true });
    writeFileSync(stub, '#!/bin/sh\n');
    chmodSync(stub, 0o755);
  }
  const title = path.basename(block.meta.title?.split(' ')[0] ?? '');
  const name = /\.(service|timer)$/.test(title) ? title : `block-${index}.service`;
  writeFileSync(path.join(units, name), block.code);
  // A timer needs the service it starts; a stand-in keeps the check about the timer itself.
  if (name.endsWith('.timer')) {
    const service = path.join(units, name.replace(/\.timer$/, '.service'));
    if (!existsSync(service)) writeFileSync(service, '[Service]\nType=oneshot\nExecStart=/bin/true\n');
  }
  const result = run('systemd-analyze', ['verify', `--root=${root}`, name]);
  return result.status === 0 && result.output === '' ? undefined : result.output || `exit status ${result.status}`;
}

/** The message of what a parser throws, or undefined when it parses. */
function parseError(parse: () => unknown): string | undefined {
  try {
    parse();
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

function check(block: Block, index: number): string | undefined {
  switch (block.lang) {
    case 'nginx':
      return checkNginx(block, index);
    case 'ini':
      return isUnit(block) ? checkUnit(block, index) : 'an ini block that is not a systemd unit: mark it nocheck';
    case 'yaml':
      return parseError(() => yaml.loadAll(block.code));
    case 'json':
      return parseError(() => JSON.parse(block.code));
    case 'python': {
      const result = run('python3', ['-c', 'import ast, sys; ast.parse(sys.stdin.read())'], block.code);
      return result.status === 0 ? undefined : result.output;
    }
    default: {
      const result = run('bash', ['-n'], block.code);
      return result.status === 0 ? undefined : result.output;
    }
  }
}

describe('configuration blocks in the documentation', () => {
  it('finds the blocks of both locales', () => {
    for (const lang of ['nginx', 'ini', 'yaml', 'json', 'bash']) {
      assert.ok(blocks.filter((block) => block.lang === lang).length >= 2, `fewer than two ${lang} blocks found`);
    }
  });

  it('gives a reason for every block that is not checked', () => {
    const bare = blocks.filter((block) => 'nocheck' in block.meta && block.meta.nocheck!.trim() === '');
    assert.deepEqual(
      bare.map((block) => block.where),
      [],
    );
  });

  it('every nginx, systemd, YAML, JSON, shell and Python block parses with its tool', () => {
    const broken = blocks
      .map((block, index) => ({ block, problem: 'nocheck' in block.meta ? undefined : check(block, index) }))
      .filter(({ problem }) => problem !== undefined)
      .map(({ block, problem }) => `${block.where} (${block.lang}): ${problem!.replaceAll(scratch, '<tmp>')}`);
    assert.deepEqual(broken, []);
  });
});
