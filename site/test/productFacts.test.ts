import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { productFacts as facts } from '../src/data/productFacts';
import { docsPages, lineOf } from './docsPages';

/**
 * Intrusion Sentinel's pages. The site's own (`documentation/`) describe this website, whose
 * server runs a Node.js of its own, the Dockerfile's, not the product's web app.
 */
const pages = docsPages().filter(({ file }) => file.startsWith('IntrusionSentinel/'));

/** The whole line of `text` around a character offset. */
function lineAround(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const end = text.indexOf('\n', offset);
  return text.slice(start, end === -1 ? text.length : end);
}

/**
 * A line that says a version has reached its end of life may name it: that is how the pages
 * explain why they require another one. Any other mention must state the current fact.
 */
const END_OF_LIFE =
  /end of life|end-of-life|out of support|support ended|left Microsoft's support|soporte terminó|terminó su soporte|fin de (?:su )?vida|fin de soporte|sin soporte|dejó de tener soporte|perdió el soporte/i;

/** Every match of `pattern` in every page must satisfy `agrees`; returns the disagreements. */
function disagreements(
  pattern: RegExp,
  agrees: (...groups: string[]) => boolean,
  exempt?: (line: string) => boolean,
): string[] {
  return pages.flatMap(({ locale, file, text }) =>
    [...text.matchAll(pattern)]
      .filter((match) => !agrees(...match.slice(1).map((group) => group ?? '')))
      .filter((match) => !exempt?.(lineAround(text, match.index ?? 0)))
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

const eol = (line: string) => END_OF_LIFE.test(line);

/** Lines about the Neuron's own .NET runtime may name the version upstream targets. */
const neuronRuntimeContext = (line: string) =>
  /IoT Gateway|Neuron|Neurona|\bTAG\b|DOTNET_ROLL_FORWARD|runtime|entorno de ejecución/i.test(line) || eol(line);

const checks: Array<{
  fact: string;
  pattern: RegExp;
  agrees: (...groups: string[]) => boolean;
  exempt?: (line: string) => boolean;
}> = [
  {
    fact: 'Suricata major version',
    pattern: /Suricata (?:\| )?(\d+)\b/g,
    agrees: (v) => Number(v) === facts.suricata.major,
    exempt: eol,
  },
  {
    fact: 'Debian suite that carries Suricata 8',
    pattern: /-t ([a-z]+-backports) suricata/g,
    agrees: (suite) => suite === facts.suricata.debianSuite,
  },
  {
    fact: 'Suricata version check',
    pattern: /must report (\d+)\.x|debe indicar (\d+)\.x/g,
    agrees: (en, es) => Number(en || es) === facts.suricata.major,
  },
  {
    fact: 'APT pin of the Suricata series',
    pattern: /'Pin: version (\S+)'/g,
    agrees: (pin) => pin === facts.suricata.aptPin,
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
    pattern: /filename: \/run\/\S+\n\s+types:\n((?:[ \t]+- [\w-]+:?\n(?:[ \t]+[\w-]+: .*\n)*)+)/g,
    agrees: (types) =>
      [...types.matchAll(/^[ \t]+- ([\w-]+)/gm)].map(([, type]) => type).join(',') ===
      facts.suricata.eveTypes.join(','),
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
    // The old folder may be named only as the exception: next to the new one, as what older installations keep,
    // or in the unit's `ReadWritePaths=` line that keeps it writable for them.
    exempt: (line) =>
      line.includes(facts.neuron.legacyLinuxDataFolder) &&
      (line.includes(facts.neuron.linuxDataFolder) ||
        /predates|anterior|antes del cambio|before the/i.test(line) ||
        line.startsWith('ReadWritePaths=')),
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
    fact: '.NET version (Neuro-Access SDK, or the Neuron runtime where the line is about the Neuron)',
    pattern:
      /\.NET (?:SDK |MAUI |runtime |MAUI (?:on|sobre) \.NET )?(\d+)\b|\.NET SDK \| (\d+)|\bnet(\d+)\.0\b|dotnet-(?:sdk|runtime|host)-(\d+)\.0|(?:global\.json|SDK|\.NET)[^\n]{0,40}?\b(\d+)\.0\.x\b/g,
    agrees: (...groups) => Number(groups.find(Boolean)) === facts.neuroAccess.dotnetMajor,
    exempt: (line) =>
      neuronRuntimeContext(line) && /\b(?:net)?8(?:\.0)?\b/.test(line) && !/MAUI|Neuro-Access|global\.json/.test(line),
  },
  {
    fact: 'pinned .NET SDK version',
    pattern: /(?<![\d.])(\d+\.0\.\d{3})(?![\d.])/g,
    agrees: (version) => version === facts.neuroAccess.dotnetSdk,
  },
  {
    fact: 'Node.js major version',
    pattern:
      /Node(?:\.js)? (?:\| )?(\d+)\b|\bnode:(\d+)|node_(\d+)\.x|latest-v(\d+)\.x|must print `v(\d+)|debe mostrar `v(\d+)/g,
    agrees: (...groups) => Number(groups.find(Boolean)) === facts.webapp.nodeMajor,
    exempt: (line) => eol(line) || /Debian 1[23] (?:ships|incluye|trae)/.test(line),
  },
  {
    fact: 'Java for the Firebase emulators',
    pattern: /\bJava (?:\| )?(\d+)|openjdk-(\d+)/g,
    agrees: (a, b) => Number(a || b) === facts.firebaseTools.javaMajor,
  },
  {
    fact: 'firebase-tools major version',
    pattern: /firebase-tools(?:@|`? )(\d+)/g,
    agrees: (major) => Number(major) === facts.firebaseTools.major,
  },
  {
    fact: 'evidence budgets in sensor.yaml',
    pattern: /^\s*(ring_mb|max_disk_mb): (\d+)$/gm,
    agrees: (key, mb) =>
      Number(mb) === (key === 'ring_mb' ? facts.sensor.evidence.ringMb : facts.sensor.evidence.maxDiskMb),
  },
  {
    fact: 'expiry of processed-event records',
    pattern: /expire_at[^\n]*?(?:(\d+) (?:hours|horas) (?:after|después)|(?:plus|más) (\d+) (?:hours|horas))/g,
    agrees: (a, b) => Number(a || b) === facts.webapp.eventRecordExpiryHours,
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

  for (const { fact, pattern, agrees, exempt } of checks) {
    it(`${fact}: every page states the same value`, () => {
      assert.ok(occurrences(pattern) > 0, `no page states the ${fact} any more; drop or update this check`);
      assert.deepEqual(disagreements(pattern, agrees, exempt), []);
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
