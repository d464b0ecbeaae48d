/**
 * Facts about Intrusion Sentinel that several documentation pages repeat: ports, paths,
 * configuration values, node names, versions, thresholds and time windows. The pages are prose
 * and keep their own wording; `site/test/productFacts.test.ts` reads every page in both locales
 * and fails when a page states one of these facts with another value. Change a fact here first,
 * then in the pages the test names.
 */
export const productFacts = {
  suricata: {
    major: 7,
    /** The OISF Ubuntu archive that carries only the 7.0 series (`suricata-stable` moved to 8). */
    ubuntuPpa: 'suricata-7.0',
    /** The sensor's own runtime directory: Suricata's is emptied whenever Suricata stops. */
    eveSocket: '/run/sentinel/eve.sock',
    /** EVE record types the sensor's detectors read. */
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
  },
  neuron: {
    xmppPort: 5222,
    detectionsNode: 'sentinel/detections',
    heartbeatsNode: 'sentinel/heartbeats',
    /** What the IoT Gateway derives from .NET's common application-data folder on Linux. */
    linuxDataFolder: '/usr/share/IoT Gateway',
  },
  webapp: {
    backendPort: 8080,
    dedupWindowSeconds: 600,
    staleAfterSeconds: 90,
    offlineAfterSeconds: 300,
    /** Events older than this are rejected by the back end. */
    maxEventAgeHours: 24,
  },
  neuroAccess: {
    /** .NET MAUI 8 left support in May 2025. */
    dotnetMajor: 10,
  },
} as const;
