/**
 * Facts about Intrusion Sentinel that several documentation pages repeat: ports, paths,
 * configuration values, node names, versions, thresholds and time windows. The pages are prose
 * and keep their own wording; `site/test/productFacts.test.ts` reads every page in both locales
 * and fails when a page states one of these facts with another value. Change a fact here first,
 * then in the pages the test names.
 */
export const productFacts = {
  suricata: {
    /** 7.0 reached end of life in July 2026. */
    major: 8,
    /** The OISF Ubuntu archive of the latest stable series (8.0 today; the pages pin the package to the 8.0 series with an APT preferences file). */
    ubuntuPpa: 'suricata-stable',
    /** Where Debian 13 carries the 8.0 series (Debian 12 has no Suricata 8). */
    debianSuite: 'trixie-backports',
    /** APT preferences pattern that keeps the package on the 8.0 series and lets its patch releases through; Debian's versions carry the epoch `1:`. */
    aptPin: '1:8.0.*',
    /** The sensor's own runtime directory, not Suricata's `/run/suricata`, which a Suricata unit may clear when Suricata stops. */
    eveSocket: '/run/sentinel/eve.sock',
    /** EVE record types the sensor's detectors read (`http` with `extended: yes` for the status and `custom: [www-authenticate]`). */
    eveTypes: ['alert', 'flow', 'ssh', 'rdp', 'http'],
    /** Private SID range for local rules. */
    localSidRange: [9_100_000, 9_199_999],
  },
  sensor: {
    metricsPort: 9102,
    portScan: { windowSeconds: 60, distinctPorts: 100 },
    bruteForce: { windowSeconds: 300, failures: 10 },
    flowAnomaly: { alpha: '0.3', zThreshold: '4.0', minSamples: 30 },
    heartbeatIntervalSeconds: 30,
    evidence: { ringMb: 4096, maxDiskMb: 2048 },
  },
  neuron: {
    xmppPort: 5222,
    detectionsNode: 'sentinel/detections',
    heartbeatsNode: 'sentinel/heartbeats',
    /**
     * The IoT Gateway's data folder on Linux since upstream commit 9f7ad84 (2025-09-20): `/var/lib`
     * unless the older `/usr/share/IoT Gateway` already exists, which pages may name only as that exception.
     */
    linuxDataFolder: '/var/lib/IoT Gateway',
    legacyLinuxDataFolder: '/usr/share/IoT Gateway',
    /** What the hosts of the newest public IoT Gateway snapshot (August 2026) target; out of support since 2026-11-10. */
    upstreamDotnetMajor: 8,
  },
  webapp: {
    /** Node.js 20 reached end of life on 2026-04-30; 24 LTS is supported until April 2028. */
    nodeMajor: 24,
    backendPort: 8080,
    dedupWindowSeconds: 600,
    staleAfterSeconds: 90,
    offlineAfterSeconds: 300,
    /** Events older than this are rejected by the back end. */
    maxEventAgeHours: 24,
    /** Hours after processing at which a processed-event record expires (TTL on `expire_at`). */
    eventRecordExpiryHours: 25,
  },
  firebaseTools: {
    major: 15,
    /** The Firestore emulator of firebase-tools 15 needs Java 21. */
    javaMajor: 21,
  },
  neuroAccess: {
    /** NeuroAccessMaui's global.json pins this SDK with `rollForward: disable`. */
    dotnetSdk: '10.0.100',
    dotnetMajor: 10,
  },
} as const;
