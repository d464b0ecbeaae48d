import type { Lab } from './types';

export const labs: readonly Lab[] = [
  {
    id: 'network-security',
    name: {
      en: 'Network Security and Intrusion Detection Lab',
      es: 'Laboratorio de Seguridad de Redes y Detección de Intrusiones',
    },
    summary: {
      en: 'We build and evaluate methods that detect attacks and anomalous behaviour in networks with many heterogeneous devices.',
      es: 'Desarrollamos y evaluamos métodos para detectar ataques y comportamientos anómalos en redes con muchos dispositivos heterogéneos.',
    },
    description: {
      en: 'The lab studies how to detect intrusions in enterprise, industrial and IoT networks by combining signature matching, traffic analysis and knowledge of which devices belong on the network. We pay particular attention to alerts an analyst can explain, and to evaluation with metrics that reflect the real cost of false positives and missed attacks. The lab leads Intrusion Sentinel, the centre’s intrusion-detection and device-identity project.',
      es: 'El laboratorio estudia cómo detectar intrusiones en redes corporativas, industriales y de IoT combinando firmas de ataques, análisis de tráfico y conocimiento sobre qué dispositivos pertenecen a la red. Ponemos especial atención en que un analista pueda explicar cada alerta y en evaluar con métricas que reflejen el costo real de los falsos positivos y de los ataques no detectados. El laboratorio lidera Intrusion Sentinel, el proyecto del centro sobre detección de intrusiones e identidad de dispositivos.',
    },
    focusAreas: [
      { en: 'Network intrusion detection', es: 'Detección de intrusiones en red' },
      { en: 'Traffic analysis and anomaly detection', es: 'Análisis de tráfico y detección de anomalías' },
      { en: 'Explainable detectors', es: 'Detectores explicables' },
      {
        en: 'Benchmark datasets and evaluation methodology',
        es: 'Conjuntos de datos de referencia y metodología de evaluación',
      },
    ],
    links: [
      {
        label: {
          en: 'Intrusion Sentinel documentation (members of the university and invited readers)',
          es: 'Documentación de Intrusion Sentinel (para miembros de la universidad y lectores invitados)',
        },
        href: '/docs/category/intrusion-sentinel',
      },
    ],
  },
  {
    id: 'digital-identity-iot',
    name: {
      en: 'Digital Identity and IoT Security Lab',
      es: 'Laboratorio de Identidad Digital y Seguridad de IoT',
    },
    summary: {
      en: 'We research how people, devices and services can prove who they are, from constrained sensors to national digital services.',
      es: 'Investigamos cómo personas, dispositivos y servicios pueden demostrar quiénes son, desde sensores con recursos limitados hasta servicios digitales nacionales.',
    },
    description: {
      en: 'Trust in digital systems starts with knowing who or what is on the other side of a connection. The lab works on authentication, credential management and device identity for the Internet of Things, where devices have limited resources and stay in service for many years. It also studies the practical migration of public-key infrastructure to post-quantum cryptography.',
      es: 'La confianza en los sistemas digitales comienza por saber quién o qué está al otro lado de una conexión. El laboratorio trabaja en autenticación, gestión de credenciales e identidad de dispositivos para el Internet de las Cosas, donde los equipos tienen recursos limitados y permanecen en servicio durante muchos años. También estudia la migración práctica de la infraestructura de clave pública hacia la criptografía poscuántica.',
    },
    focusAreas: [
      { en: 'Device identity and fingerprinting', es: 'Identidad y huella digital de dispositivos' },
      { en: 'Authentication and credential management', es: 'Autenticación y gestión de credenciales' },
      { en: 'Secure onboarding of IoT devices', es: 'Incorporación segura de dispositivos IoT' },
      { en: 'Post-quantum cryptography migration', es: 'Migración a criptografía poscuántica' },
    ],
    links: [],
  },
  {
    id: 'dependable-systems',
    name: {
      en: 'Resilient and Reliable Systems Lab',
      es: 'Laboratorio de Sistemas Resilientes y Confiables',
    },
    summary: {
      en: 'We study how distributed and critical systems can keep delivering an acceptable service when some of their parts fail or are attacked.',
      es: 'Estudiamos cómo los sistemas distribuidos y críticos pueden seguir prestando un servicio aceptable cuando algunas de sus partes fallan o son atacadas.',
    },
    description: {
      en: 'The lab focuses on fault tolerance, graceful degradation and recovery in distributed systems and in the operational technology that runs critical infrastructure. We model dependencies between services to understand how failures cascade, and we test recovery strategies through fault injection in controlled environments. Our goal is systems that fail well: they degrade in a controlled way, raise early warnings and recover quickly.',
      es: 'El laboratorio se centra en la tolerancia a fallas, la degradación controlada y la recuperación en sistemas distribuidos y en la tecnología operacional que sostiene la infraestructura crítica. Modelamos las dependencias entre servicios para entender cómo se propagan las fallas en cascada y probamos estrategias de recuperación mediante inyección de fallas en entornos controlados. Nuestro objetivo son sistemas que fallen bien: que se degraden de forma controlada, den alertas tempranas y se recuperen con rapidez.',
    },
    focusAreas: [
      { en: 'Fault tolerance in distributed systems', es: 'Tolerancia a fallas en sistemas distribuidos' },
      { en: 'Critical infrastructure and OT resilience', es: 'Resiliencia de infraestructura crítica y sistemas OT' },
      { en: 'Dependency modelling and cascading failures', es: 'Modelado de dependencias y fallas en cascada' },
      { en: 'Fault injection and recovery testing', es: 'Inyección de fallas y pruebas de recuperación' },
    ],
    links: [],
  },
  {
    id: 'responsible-ai',
    name: {
      en: 'Responsible AI and Human Factors Lab',
      es: 'Laboratorio de IA Responsable y Factores Humanos',
    },
    summary: {
      en: 'We examine how AI-based systems and the people who use them can make security decisions that are transparent, fair and sound.',
      es: 'Analizamos cómo los sistemas basados en IA y las personas que los usan pueden tomar decisiones de seguridad transparentes, justas y acertadas.',
    },
    description: {
      en: 'Many security incidents begin with a human decision, and more and more security decisions are supported by AI models. The lab studies how analysts and end users perceive risk, how alerts and interfaces can encourage safe behaviour, and how AI systems can be audited for robustness, transparency and fairness. We work with psychology, design and law to ground technical work in its human context.',
      es: 'Muchos incidentes de seguridad comienzan con una decisión humana, y cada vez más decisiones de seguridad se apoyan en modelos de IA. El laboratorio estudia cómo analistas y usuarios perciben el riesgo, cómo las alertas y las interfaces pueden promover conductas seguras y cómo auditar la robustez, la transparencia y la equidad de los sistemas de IA. Trabajamos con la psicología, el diseño y el derecho para situar el trabajo técnico en su contexto humano.',
    },
    focusAreas: [
      { en: 'Human factors in security operations', es: 'Factores humanos en operaciones de seguridad' },
      { en: 'Usable security and risk perception', es: 'Seguridad usable y percepción del riesgo' },
      { en: 'Auditing and robustness of AI systems', es: 'Auditoría y robustez de sistemas de IA' },
      { en: 'Transparency and explainability', es: 'Transparencia y explicabilidad' },
    ],
    links: [],
  },
];
