import { blank, type SpanishText, withoutCode, withoutLinkTargets } from './spanishText';

/**
 * The Spanish glossary of the site: for each idea, the one Spanish term the manual, the blog and the
 * interface use, the variants that term replaces, and why. `site/test/glossary.test.ts` reads it and
 * names every place that still uses a ruled-out variant.
 *
 * A ruled-out word is allowed in three places, where it is not the site's own wording: in a short
 * gloss in brackets right after the Spanish term ("latido (heartbeat)"), in italics (titles of cited
 * works and labels of other companies' consoles, such as *Project settings* in Firebase), and in the
 * text of a link to a cited work. Code is never checked.
 */
export interface GlossaryEntry {
  /** The term to use. */
  term: string;
  /** The English term it translates, as the English pages write it. */
  en: string;
  /** The variants it rules out (global, Unicode). */
  avoid: RegExp;
  /** Why, in one line. */
  reason: string;
  /** A sentence with a ruled-out variant, which the check must flag. */
  example: string;
}

/**
 * A page of the Spanish web app: the manual uses the label the reader sees, not the English one.
 * `english` is the ruled-out label as a regular-expression source.
 */
function webAppPage(term: string, en: string, english: string, example: string): GlossaryEntry {
  return {
    term,
    en: `${en} (web app page)`,
    avoid: new RegExp(`(?<![\\p{L}\\p{N}_-])${english}(?![\\p{L}\\p{N}_])`, 'gu'),
    reason: 'The Spanish web app names its pages in Spanish; the manual uses the labels the reader sees.',
    example,
  };
}

/**
 * The naming policy: the names of products and of Sentinel's components are proper names and are
 * not translated. Intrusion Sentinel, Attack Sensor, Neuron (the TAG Neuron), Neuro-Access and the
 * IoT Gateway are written as their owners write them, in the text and in the sidebar; what they do
 * is described in Spanish.
 */
export const NAMING_POLICY = 'Product and component names are proper names and stay untranslated.';

export const GLOSSARY: readonly GlossaryEntry[] = [
  {
    term: 'sistemas confiables',
    en: 'trustworthy systems',
    avoid: /(?<!\p{L})sistemas? dignos? de confianza(?!\p{L})/giu,
    reason:
      '«Confiable» is trustworthy, the word in the centre’s own name; «dignos de confianza» says it at greater length.',
    example: 'Construimos sistemas dignos de confianza.',
  },
  {
    term: 'confiable, confiabilidad',
    en: 'reliable, reliability',
    avoid: /(?<!\p{L})(?:fiables?|fiabilidad)(?!\p{L})/giu,
    reason:
      '«Fiable» reads peninsular in Chile; «confiable» serves for reliable too, so the tagline says «responsables, resilientes y confiables».',
    example: 'Sistemas responsables, resilientes y fiables.',
  },
  {
    term: 'enlace ascendente',
    en: 'uplink',
    avoid: /(?<!\p{L})(?:enlaces? troncal(?:es)?|enlaces? de subida|uplinks?)(?!\p{L})/giu,
    reason: 'One name for the link towards the upstream network; a trunk («troncal») is another thing.',
    example: 'Un sensor en un enlace troncal ve todo Internet.',
  },
  {
    term: 'espacio con límite propio (para la evidencia)',
    en: 'evidence budget',
    avoid: /(?<!\p{L})presupuestos? de evidencia(?!\p{L})/giu,
    reason: '«Presupuesto» is money; the sensor reserves disk space.',
    example: 'El disco guarda dos presupuestos de evidencia.',
  },
  {
    term: 'paquete de distribución',
    en: 'release bundle, release package',
    avoid: /(?<!\p{L})paquetes? de versión(?!\p{L})/giu,
    reason: '«Paquete de versión» is a calque of release package.',
    example: 'Instale la unidad del paquete de versión.',
  },
  {
    term: 'endurecimiento (hardening)',
    en: 'hardening',
    avoid: /(?<!\p{L})(?:fortalecimiento de la seguridad|lista de fortalecimiento)(?!\p{L})/giu,
    reason:
      'Operators in Chile say «endurecimiento» or «hardening»; «lista de fortalecimiento de la seguridad» renders hardening checklist word by word. The page is titled «Lista de verificación de endurecimiento (hardening)».',
    example: 'Siga la lista de fortalecimiento de la seguridad.',
  },
  {
    term: 'solicitud de inicio de sesión rápido',
    en: 'quick-login session (registered by the back end)',
    avoid: /(?<!\p{L})sesión de inicio de sesión(?!\p{L})/giu,
    reason: '«Sesión de inicio de sesión» repeats itself; the back end registers a request.',
    example: 'El back end registra una sesión de inicio de sesión rápido.',
  },
  webAppPage('Panel', 'Dashboard', 'Dashboard', 'Abra el Dashboard.'),
  webAppPage('Alertas', 'Alerts', 'Alerts', 'Vuelva a la página Alerts.'),
  webAppPage('Detalle de alerta', 'Alert detail', 'Alert ?[Dd]etail', 'La página Alert detail muestra las notas.'),
  webAppPage('Dispositivos', 'Devices', 'Devices', 'En la página Devices, el operador elige un dispositivo.'),
  webAppPage('Sensores', 'Sensors', 'Sensors', 'La página Sensors muestra el estado.'),
  {
    term: 'Configuración',
    en: 'Settings (web app page)',
    avoid: /(?<![\p{L}\p{N}_*-]|→ )Settings(?![\p{L}\p{N}_*]| →)/gu,
    reason:
      'The Spanish web app names its pages in Spanish (Firebase and GitHub console paths, written with →, keep their own labels).',
    example: 'Cambie el idioma en Settings.',
  },
  {
    term: 'Tomar (botón); tomar una alerta; alerta tomada',
    en: 'Acknowledge; acknowledged',
    avoid:
      /(?<!\p{L})(?:Reconocer(?=\*\*)|reconoc\p{L}*(?=,? (?:y )?asign)|alertas? reconocidas?|sin reconocer|reconocerlas?)(?!\p{L})/giu,
    reason:
      '«Reconocer» is a calque of acknowledge; the operator takes the alert («las alertas nuevas esperan que alguien las tome»).',
    example: 'Presione **Reconocer** para avisar al equipo.',
  },
  {
    term: 'evento de detección',
    en: 'detection event',
    avoid: /(?<!\p{L})detection events?(?!\p{L})/giu,
    reason: 'The manual’s central data structure has one Spanish name.',
    example: 'El sensor imprime los Detection events resultantes.',
  },
  {
    term: 'flujo (flujo XMPP, flujo de eventos)',
    en: 'stream',
    avoid: /(?<![\p{L}-])streams?(?![\p{L}-])/giu,
    reason: 'An XMPP stream and the server-sent event stream are both «flujos» in Spanish.',
    example: 'El stream en vivo actualiza la caché.',
  },
  {
    term: 'atributo personalizado (del token)',
    en: 'custom claim',
    avoid: /(?<!\p{L})(?:claims?|reclam\p{L}* personalizad\p{L}*)(?!\p{L})/giu,
    reason: '«Claim» is English and «reclamo» is the act of claiming a thing; a token’s custom claim is an attribute.',
    example: 'Sentinel usa el claim personalizado role.',
  },
  {
    term: 'reclamo, reclamar (una cosa)',
    en: 'claim (a thing in the registry)',
    avoid: /(?<!\p{L})reclamaci(?:ón|ones)(?!\p{L})/giu,
    reason: 'One noun for claiming a device in the thing registry.',
    example: 'La reclamación del dispositivo falló.',
  },
  {
    term: 'inicio de sesión rápido',
    en: 'quick login',
    avoid: /(?<!\p{L})(?:inicio rápido de sesión|quick ?login)(?!\p{L})/giu,
    reason: 'One name for the Neuro-Access sign-in.',
    example: 'Use el inicio rápido de sesión.',
  },
  {
    term: 'carga de trabajo de .NET MAUI',
    en: '.NET MAUI workload',
    avoid: /(?<!\p{L})(?:workloads?|carga de trabajo (?:de )?MAUI)(?!\p{L})/giu,
    reason: 'Microsoft’s Spanish name for a .NET workload, with the framework named in full.',
    example: 'Instale el workload de MAUI.',
  },
  {
    term: 'funciones de fusión de paquetes de la tarjeta de red',
    en: 'NIC offloads',
    avoid: /(?<!\p{L})(?:offload\p{L}*|descargas? de (?:la NIC|recepción))(?!\p{L})/giu,
    reason:
      'The network card features (GRO, LRO) that merge packets before capture, said in Spanish rather than calqued.',
    example: 'Desactive las descargas de la NIC de la interfaz.',
  },
  {
    term: 'Attack Sensor',
    en: 'Attack Sensor',
    avoid: /(?<!\p{L})sensor de ataques(?!\p{L})/giu,
    reason: `${NAMING_POLICY} The component's name, as in the diagrams, the code and the sidebar.`,
    example: 'El sensor de ataques publica detecciones.',
  },
  {
    term: 'Neuron (la Neuron; el producto de Trust Anchor Group es la TAG Neuron)',
    en: 'Neuron',
    avoid: /(?<!\p{L})Neuronas?(?!\p{L})/gu,
    reason: `${NAMING_POLICY} The component keeps its name, Neuron, feminine as the neurona it is named after.`,
    example: 'El sensor se conecta a la Neurona.',
  },
  {
    term: 'Neuro-Access, Intrusion Sentinel, IoT Gateway',
    en: 'Neuro-Access, Intrusion Sentinel, IoT Gateway',
    avoid: /(?<!\p{L})(?:Neuro-?Acceso|Centinela de Intrusi\p{L}+|Pasarela IoT)(?!\p{L})/giu,
    reason: `${NAMING_POLICY}`,
    example: 'Instale Neuro-Acceso en el teléfono.',
  },
  {
    term: 'latido',
    en: 'heartbeat',
    avoid: /(?<!\p{L})heartbeats?(?!\p{L})/giu,
    reason: 'The sensor’s periodic status message has one Spanish name.',
    example: 'El sensor publica un heartbeat cada 30 segundos.',
  },
  {
    term: 'buscar coincidencias con las firmas',
    en: 'match signatures',
    avoid: /(?<!\p{L})compar\p{L}* (?:las |sus )?firmas(?!\p{L})/giu,
    reason: 'Suricata does not compare signatures; it checks traffic against them.',
    example: 'Suricata compare firmas.',
  },
  {
    term: 'se ejecuta en',
    en: 'runs on / runs in',
    avoid: /(?<!\p{L})corr(?:e|en|iendo) en(?!\p{L})/giu,
    reason: '«Correr» for running software is a calque.',
    example: 'Ambos corren en los emuladores.',
  },
  {
    term: 'compatible',
    en: 'supported (platform, system)',
    avoid: /(?<!\p{L})soportad[oa]s?(?!\p{L})/giu,
    reason: '«Soportado» for supported is a calque; a supported system is «compatible».',
    example: 'Sistemas soportados.',
  },
  {
    term: 'token de ID',
    en: 'ID token',
    avoid: /(?<!\p{L})ID tokens?(?!\p{L})/gu,
    reason: 'Firebase’s Spanish name; the manual’s glossary defines it.',
    example: 'El back end verifica los ID tokens.',
  },
  {
    term: 'token personalizado',
    en: 'custom token',
    avoid: /(?<!\p{L})custom tokens?(?!\p{L})/giu,
    reason: 'Firebase’s Spanish name; the manual’s glossary defines it.',
    example: 'El Admin SDK firma los custom tokens.',
  },
  {
    term: 'Iniciar sesión con Neuro-Access (botón de la aplicación web)',
    en: 'Sign in with Neuro-Access',
    avoid: /(?<!\p{L})(?:Sign in with|Ingresar con) Neuro-Access(?!\p{L})/giu,
    reason: 'The Spanish web app labels the button in Spanish, as «Uso de la aplicación web» says.',
    example: 'Elija **Sign in with Neuro-Access** en la página de inicio de sesión.',
  },
  {
    term: 'clasificar, clasificación de alertas',
    en: 'triage',
    avoid: /(?<!\p{L})triage(?!\p{L})/giu,
    reason: '«Triage» and «clasificación» both named the same step; one word keeps the pages consistent.',
    example: 'El triage de alertas toma tiempo.',
  },
  {
    term: 'bifurcación',
    en: 'fork (of a repository)',
    avoid: /(?<![\p{L}\p{N}_-])forks?(?![\p{L}\p{N}_-])/giu,
    reason:
      'The customisation page introduces «bifurcación (*fork*)» and titles «Mantener la bifurcación al día»; the prose keeps that word.',
    example: 'Clone primero el fork de Sentinel.',
  },
  {
    term: 'backend, frontend',
    en: 'back end, front end',
    avoid: /(?<!\p{L})(?:back|front)[ -]ends?(?!\p{L})/giu,
    reason: 'One word, as the Spanish prose writes it (in italics there); the diagram labels write it the same way.',
    example: 'El back end valida la firma.',
  },
  {
    term: 'incidencia',
    en: 'issue (in a repository)',
    avoid: /(?<![\p{L}\p{N}_/-])issues?(?![\p{L}\p{N}_-])/giu,
    reason:
      'The contributing page says «incidencia» and «gestor de incidencias»; an English «issue» in the same prose reads as a leftover.',
    example: 'Describa el diseño en el issue.',
  },
  {
    term: 'solicitud de incorporación de cambios',
    en: 'pull request',
    avoid: /(?<!\p{L})pull requests?(?!\p{L})/giu,
    reason:
      'GitHub’s own Spanish documentation says «solicitud de incorporación de cambios»; the contributing page glosses it once with *pull request*.',
    example: 'Abra el pull request contra la rama principal.',
  },
  {
    term: 'etiqueta (de Git)',
    en: 'tag',
    avoid: /(?<![\p{L}\p{N}_-])tags?(?![\p{L}\p{N}_-])/gu,
    reason: 'A release is a Git «etiqueta»; lower case only, so that TAG (Trust Anchor Group) is not caught.',
    example: 'Las correcciones urgentes salen del tag.',
  },
];

/**
 * The site's own wording in a Markdown page: its prose without italics (titles of cited works,
 * labels of other companies' consoles) and without the text of links to other sites (the titles of
 * the documents they open).
 */
function ownWording(markdown: string): string {
  const noCode = withoutCode(markdown)
    .replace(/\[[^\]\n]*\](?=\(https?:)/g, blank)
    .replace(/(?<![*\p{L}\p{N}])\*(?![*\s])[^*\n]+?(?<!\s)\*(?!\*)/gu, blank)
    .replace(/(?<![_\p{L}\p{N}])_(?![_\s])[^_\n]+?(?<!\s)_(?![_\p{L}\p{N}])/gu, blank);
  return withoutLinkTargets(noCode);
}

/** True when the match sits in a short parenthetical gloss: "(heartbeat)", "(custom claim)". */
function inGloss(text: string, start: number, end: number): boolean {
  const open = text.lastIndexOf('(', start);
  if (open === -1) return false;
  const close = text.indexOf(')', end);
  if (close === -1) return false;
  const inside = text.slice(open + 1, close);
  if (inside.includes('(') || inside.includes(')') || inside.includes('\n')) return false;
  return inside.trim().split(/\s+/).length <= 4;
}

/** Every use of a ruled-out variant in the given texts, as "where: "variant" (use term)". */
export function glossarySlips(texts: SpanishText[]): string[] {
  return texts.flatMap(({ text, markdown, at }) => {
    const own = markdown === undefined ? text : ownWording(markdown);
    return GLOSSARY.flatMap(({ avoid, term }) =>
      [...own.matchAll(avoid)]
        .filter((m) => !inGloss(own, m.index ?? 0, (m.index ?? 0) + m[0].length))
        .map((m) => `${at(m.index ?? 0)}: "${m[0]}" (use ${term})`),
    );
  });
}
