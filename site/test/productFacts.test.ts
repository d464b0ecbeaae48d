import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { productFacts as facts } from '../src/data/productFacts';
import { docsPages, lineOf } from './docsPages';

const pages = docsPages();

/** Every match of `pattern` in every page must satisfy `agrees`; returns the disagreements. */
function disagreements(pattern: RegExp, agrees: (...groups: string[]) => boolean): string[] {
  return pages.flatMap(({ locale, file, text }) =>
    [...text.matchAll(pattern)]
      .filter((match) => !agrees(...match.slice(1).map((group) => group ?? '')))
      .map((match) => `${locale}/${file}:${lineOf(text, match.index ?? 0)}: ${match[0]}`),
  );
}

function occurrences(pattern: RegExp): number {
  return pages.reduce((sum, { text }) => sum + [...text.matchAll(pattern)].length, 0);
}

const ULID_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
function ulidTime(ulid: string): number {
  return [...ulid.slice(0, 10)].reduce((time, char) => time * 32 + ULID_ALPHABET.indexOf(char), 0);
}

const checks: Array<{ fact: string; pattern: RegExp; agrees: (...groups: string[]) => boolean }> = [
  { fact: 'Suricata major version', pattern: /Suricata (\d+)\b/g, agrees: (v) => Number(v) === facts.suricata.major },
  {
    fact: 'Suricata version check',
    pattern: /must report (\d+)\.x|debe indicar (\d+)\.x/g,
    agrees: (en, es) => Number(en || es) === facts.suricata.major,
  },
  {
    fact: 'OISF archive',
    pattern: /add-apt-repository -y ppa:oisf\/(\S+)/g,
    agrees: (ppa) => ppa === facts.suricata.ubuntuPpa,
  },
  {
    fact: 'EVE socket',
    pattern: /(\/run\/[\w-]+\/eve\.sock)/g,
    agrees: (socket) => socket === facts.suricata.eveSocket,
  },
  {
    fact: 'EVE types enabled in suricata.yaml',
    pattern: /filename: \/run\/\S+\n\s+types:\n((?:\s+- \w+\n)+)/g,
    agrees: (types) =>
      types
        .trim()
        .split(/\s*-\s*/)
        .filter(Boolean)
        .join(',') === facts.suricata.eveTypes.join(','),
  },
  {
    fact: 'local rule SIDs',
    pattern: /sid:(\d+)|"signature_id":\s*(\d+)/g,
    agrees: (sid, signatureId) => {
      const value = Number(sid || signatureId);
      return value >= facts.suricata.localSidRange[0] && value <= facts.suricata.localSidRange[1];
    },
  },
  {
    fact: 'port-scan thresholds',
    pattern: /port_scan: \{ window_s: (\d+), distinct_ports: (\d+) \}/g,
    agrees: (w, p) =>
      Number(w) === facts.sensor.portScan.windowSeconds && Number(p) === facts.sensor.portScan.distinctPorts,
  },
  {
    fact: 'brute-force thresholds',
    pattern: /brute_force: \{ window_s: (\d+), failures: (\d+)/g,
    agrees: (w, f) =>
      Number(w) === facts.sensor.bruteForce.windowSeconds && Number(f) === facts.sensor.bruteForce.failures,
  },
  {
    fact: 'flow-anomaly parameters',
    pattern: /flow_anomaly: \{ alpha: ([\d.]+), z_threshold: ([\d.]+), min_samples: (\d+) \}/g,
    agrees: (a, z, n) =>
      a === facts.sensor.flowAnomaly.alpha &&
      z === facts.sensor.flowAnomaly.zThreshold &&
      Number(n) === facts.sensor.flowAnomaly.minSamples,
  },
  {
    fact: 'metrics address',
    pattern: /listen: 127\.0\.0\.1:(\d+)/g,
    agrees: (port) => Number(port) === facts.sensor.metricsPort,
  },
  {
    fact: 'XMPP port in sensor.yaml',
    pattern: /^\s*port: (\d+)$/gm,
    agrees: (port) => Number(port) === facts.neuron.xmppPort,
  },
  { fact: 'detections node', pattern: /pubsub_node: (\S+)/g, agrees: (node) => node === facts.neuron.detectionsNode },
  {
    fact: 'heartbeats node',
    pattern: /heartbeat_node: (\S+)/g,
    agrees: (node) => node === facts.neuron.heartbeatsNode,
  },
  {
    fact: 'heartbeat interval',
    pattern: /heartbeat_interval_s: (\d+)/g,
    agrees: (s) => Number(s) === facts.sensor.heartbeatIntervalSeconds,
  },
  {
    fact: 'Neuron data folder on Linux',
    pattern: /(\/var\/lib\/IoT ?Gateway|\/usr\/share\/IoT ?Gateway)/g,
    agrees: (folder) => folder === facts.neuron.linuxDataFolder,
  },
  {
    fact: 'deduplication window',
    pattern: /SENTINEL_DEDUP_WINDOW_S\W{1,8}(\d+)/g,
    agrees: (s) => Number(s) === facts.webapp.dedupWindowSeconds,
  },
  {
    fact: 'back-end port',
    pattern: /SENTINEL_PORT=(\d+)/g,
    agrees: (port) => Number(port) === facts.webapp.backendPort,
  },
  {
    fact: 'stale and offline thresholds',
    pattern: /^.*\bstale\b.*\boffline\b.*$/gm,
    agrees: (line = '') =>
      [...line.matchAll(/(\d+) s\b/g)].every(([, n]) =>
        [
          facts.webapp.staleAfterSeconds,
          facts.webapp.offlineAfterSeconds,
          facts.sensor.heartbeatIntervalSeconds,
        ].includes(Number(n) as never),
      ),
  },
  {
    fact: 'maximum event age',
    pattern: /older than (\d+) hours|más de (\d+) horas de antigüedad/g,
    agrees: (en, es) => Number(en || es) === facts.webapp.maxEventAgeHours,
  },
  {
    fact: 'Neuro-Access target framework',
    pattern: /net(\d+)\.0-(?:android|ios)|\.NET (\d+) (?:SDK|MAUI)|MAUI (?:on|sobre) \.NET (\d+)/g,
    agrees: (a, b, c) => Number(a || b || c) === facts.neuroAccess.dotnetMajor,
  },
];

describe('product facts agree across the documentation', () => {
  it('reads both locales', () => {
    assert.ok(pages.filter((page) => page.locale === 'en').length >= 40);
    assert.equal(
      pages.filter((page) => page.locale === 'es').length,
      pages.filter((page) => page.locale === 'en').length,
    );
  });

  for (const { fact, pattern, agrees } of checks) {
    it(`${fact}: every page states the same value`, () => {
      assert.ok(occurrences(pattern) > 0, `no page states the ${fact} any more; drop or update this check`);
      assert.deepEqual(disagreements(pattern, agrees), []);
    });
  }

  it('example ULIDs encode the time of their own timestamp', () => {
    const pattern = /"id":\s*"([0-9A-HJKMNP-TV-Z]{26})"[^}]*?"(?:timestamp|first_seen)":\s*"([^"]+)"/g;
    assert.ok(occurrences(pattern) >= 4);
    assert.deepEqual(
      disagreements(
        pattern,
        (ulid = '', timestamp = '') => Math.floor(ulidTime(ulid) / 1000) === Date.parse(timestamp) / 1000,
      ),
      [],
    );
  });
});
