import type { Project } from './types';

export const projects: readonly Project[] = [
  {
    id: 'intrusion-sentinel',
    name: { en: 'Intrusion Sentinel', es: 'Intrusion Sentinel' },
    summary: {
      en: 'Intrusion detection that combines Suricata signatures with explainable threshold and EWMA detectors, and gives every device a verifiable identity and an owner.',
      es: 'Detección de intrusiones que combina firmas de Suricata con detectores explicables de umbral y EWMA, y da a cada dispositivo una identidad verificable y un dueño.',
    },
    description: {
      en: 'In networks with many heterogeneous devices, searching for signatures of known attacks is not enough: defenders also need to know which devices are really connected and who answers for them. Intrusion Sentinel runs the Suricata signature engine next to its own detectors: time-window thresholds for port scans and brute-force attempts, an exponentially weighted moving average (EWMA) of each device’s traffic volume that flags minutes far above normal, and a check for addresses that belong to no registered device. Every detection is signed by the sensor that raised it, and every registered device has an XMPP identity with a named owner, so an operator can quarantine it.',
      es: 'En redes con muchos dispositivos heterogéneos no basta con buscar firmas de ataques conocidos: quienes defienden la red también necesitan saber qué dispositivos están realmente conectados y quién responde por ellos. Intrusion Sentinel ejecuta el motor de firmas Suricata junto a detectores propios: umbrales por ventana de tiempo para escaneos de puertos e intentos de fuerza bruta, un promedio móvil ponderado exponencialmente (EWMA) del volumen de tráfico de cada dispositivo que señala los minutos muy por encima de lo normal, y una comprobación de direcciones que no pertenecen a ningún dispositivo registrado. Cada detección va firmada por el sensor que la produjo, y cada dispositivo registrado tiene una identidad XMPP con un dueño identificado, de modo que un operador puede ponerlo en cuarentena.',
    },
    status: 'active',
    period: '2024–2026',
    labId: 'network-security',
    focusAreas: [
      { en: 'Network intrusion detection', es: 'Detección de intrusiones en red' },
      { en: 'Signed detections and device identity', es: 'Detecciones firmadas e identidad de dispositivos' },
      { en: 'Unknown-device detection and quarantine', es: 'Detección de dispositivos desconocidos y cuarentena' },
      { en: 'Explainable alerts', es: 'Alertas explicables' },
    ],
    links: [
      {
        label: {
          en: 'Documentation (members of the university and invited readers)',
          es: 'Documentación (para miembros de la universidad y lectores invitados)',
        },
        href: '/docs/category/intrusion-sentinel',
      },
    ],
  },
  {
    id: 'resilient-ot-networks',
    name: {
      en: 'Resilient Industrial Control Networks',
      es: 'Redes de control industrial resilientes',
    },
    summary: {
      en: 'A laboratory testbed to study how industrial control networks in energy, water and mining withstand and recover from failures and attacks.',
      es: 'Un banco de pruebas de laboratorio para estudiar cómo las redes de control industrial de energía, agua y minería resisten fallas y ataques, y se recuperan de ellos.',
    },
    description: {
      en: 'Operational technology runs processes that cannot simply be stopped for maintenance or security updates. The project builds a small-scale testbed with programmable controllers and industrial protocols to reproduce realistic failure and attack scenarios safely. It uses the testbed to compare segmentation, monitoring and recovery strategies, and to measure how quickly a process can return to a safe state.',
      es: 'La tecnología operacional controla procesos que no pueden detenerse sin más para mantenimiento o actualizaciones de seguridad. El proyecto construye un banco de pruebas a escala con controladores programables y protocolos industriales para reproducir de forma segura escenarios realistas de fallas y ataques. Con él se comparan estrategias de segmentación, monitoreo y recuperación, y se mide cuán rápido un proceso puede volver a un estado seguro.',
    },
    status: 'active',
    period: '2024–2027',
    labId: 'dependable-systems',
    focusAreas: [
      { en: 'OT and industrial control system security', es: 'Seguridad de sistemas OT y de control industrial' },
      { en: 'Network segmentation', es: 'Segmentación de redes' },
      { en: 'Recovery to a safe state', es: 'Recuperación hacia un estado seguro' },
      { en: 'Testbeds and scenario design', es: 'Bancos de pruebas y diseño de escenarios' },
    ],
    links: [],
  },
  {
    id: 'resilient-public-services',
    name: {
      en: 'Fault-Tolerant Digital Public Services',
      es: 'Servicios públicos digitales tolerantes a fallas',
    },
    summary: {
      en: 'Methods to map dependencies and test the recovery of online public services before an outage happens.',
      es: 'Métodos para mapear dependencias y probar la recuperación de servicios públicos en línea antes de que ocurra una interrupción.',
    },
    description: {
      en: 'Online public services depend on chains of databases, identity providers, networks and external suppliers that are rarely documented end to end. The project developed a method to model those dependencies and to plan controlled fault-injection exercises that reveal single points of failure. Its results include guidelines for designing services that degrade gracefully instead of failing completely.',
      es: 'Los servicios públicos en línea dependen de cadenas de bases de datos, proveedores de identidad, redes y proveedores externos que rara vez están documentadas de punta a punta. El proyecto desarrolló un método para modelar esas dependencias y planificar ejercicios controlados de inyección de fallas que revelan puntos únicos de falla. Entre sus resultados hay pautas para diseñar servicios que se degraden de forma controlada en lugar de fallar por completo.',
    },
    status: 'completed',
    period: '2021–2023',
    labId: 'dependable-systems',
    focusAreas: [
      { en: 'Dependency modelling', es: 'Modelado de dependencias' },
      { en: 'Fault injection', es: 'Inyección de fallas' },
      { en: 'Graceful degradation', es: 'Degradación controlada' },
    ],
    links: [],
  },
  {
    id: 'trusted-iot-onboarding',
    name: {
      en: 'Trusted IoT Onboarding',
      es: 'Incorporación confiable de dispositivos IoT',
    },
    summary: {
      en: 'Lightweight protocols to give IoT devices a verifiable identity when they first join a network.',
      es: 'Protocolos livianos para dar a los dispositivos IoT una identidad verificable desde el momento en que se conectan a una red.',
    },
    description: {
      en: 'Sensors and meters are often installed with default credentials that are never changed, which makes them easy targets. The project designed and evaluated onboarding procedures that assign each device its own credentials with little computing power and minimal effort from installers. It also studied how to revoke and renew credentials over the long service life of such devices.',
      es: 'Sensores y medidores suelen instalarse con credenciales por defecto que nunca se cambian, lo que los convierte en blancos fáciles. El proyecto diseñó y evaluó procedimientos de incorporación que asignan a cada dispositivo credenciales propias con poca capacidad de cómputo y un esfuerzo mínimo para quienes los instalan. También estudió cómo revocar y renovar credenciales durante la larga vida útil de estos dispositivos.',
    },
    status: 'completed',
    period: '2022–2024',
    labId: 'digital-identity-iot',
    focusAreas: [
      { en: 'Device identity', es: 'Identidad de dispositivos' },
      { en: 'Lightweight authentication protocols', es: 'Protocolos de autenticación livianos' },
      { en: 'Credential lifecycle management', es: 'Gestión del ciclo de vida de credenciales' },
      { en: 'Constrained devices', es: 'Dispositivos con recursos limitados' },
    ],
    links: [],
  },
  {
    id: 'post-quantum-migration',
    name: {
      en: 'Post-Quantum Migration Roadmap',
      es: 'Hoja de ruta para la migración poscuántica',
    },
    summary: {
      en: 'Tools and guidance to help organisations find vulnerable cryptography and plan their move to post-quantum algorithms.',
      es: 'Herramientas y orientaciones para que las organizaciones encuentren su criptografía vulnerable y planifiquen su paso a algoritmos poscuánticos.',
    },
    description: {
      en: 'Future quantum computers threaten the public-key algorithms that protect today’s communications and digital signatures, and data with a long life is already at risk. The project develops methods to inventory where and how cryptography is used in an organisation, to prioritise the systems that need to migrate first, and to test post-quantum and hybrid schemes in realistic settings. The aim is practical guidance that public and private organisations in Chile can apply.',
      es: 'Los futuros computadores cuánticos amenazan los algoritmos de clave pública que hoy protegen las comunicaciones y las firmas digitales, y la información de larga vida ya está en riesgo. El proyecto desarrolla métodos para inventariar dónde y cómo se usa la criptografía en una organización, priorizar los sistemas que deben migrar primero y probar esquemas poscuánticos e híbridos en condiciones realistas. El objetivo son orientaciones prácticas que organizaciones públicas y privadas de Chile puedan aplicar.',
    },
    status: 'active',
    period: '2025–2027',
    labId: 'digital-identity-iot',
    focusAreas: [
      { en: 'Post-quantum cryptography', es: 'Criptografía poscuántica' },
      { en: 'Cryptographic inventory', es: 'Inventario criptográfico' },
      { en: 'Crypto-agility', es: 'Agilidad criptográfica' },
      { en: 'Public-key infrastructure', es: 'Infraestructura de clave pública' },
    ],
    links: [],
  },
  {
    id: 'soc-human-factors',
    name: {
      en: 'Human Factors in Security Operations',
      es: 'Factores humanos en operaciones de seguridad',
    },
    summary: {
      en: 'Research on alert fatigue and decision-making in security operations centres, to design tools that support analysts instead of overwhelming them.',
      es: 'Investigación sobre la fatiga de alertas y la toma de decisiones en centros de operaciones de seguridad, para diseñar herramientas que apoyen a los analistas en lugar de sobrecargarlos.',
    },
    description: {
      en: 'Security analysts must triage large volumes of alerts under time pressure, and many of those alerts turn out to be false positives. Through interviews, observation and controlled experiments, the project studies how analysts prioritise alerts and how the presentation of evidence affects their decisions. The findings feed back into the design of explainable alerts for the centre’s detection tools.',
      es: 'Los analistas de seguridad deben clasificar grandes volúmenes de alertas bajo presión de tiempo, y muchas de ellas resultan ser falsos positivos. Mediante entrevistas, observación y experimentos controlados, el proyecto estudia cómo los analistas priorizan las alertas y cómo la forma de presentar la evidencia influye en sus decisiones. Los resultados se incorporan al diseño de alertas explicables en las herramientas de detección del centro.',
    },
    status: 'active',
    period: '2024–2026',
    labId: 'responsible-ai',
    focusAreas: [
      { en: 'Alert fatigue', es: 'Fatiga de alertas' },
      { en: 'Analyst decision-making', es: 'Toma de decisiones de analistas' },
      { en: 'Design of explainable alerts', es: 'Diseño de alertas explicables' },
      { en: 'User studies', es: 'Estudios con usuarios' },
    ],
    links: [],
  },
  {
    id: 'ai-assurance',
    name: {
      en: 'Assurance of AI-Based Detection Systems',
      es: 'Aseguramiento de sistemas de detección basados en IA',
    },
    summary: {
      en: 'Methods to audit the robustness, transparency and fairness of AI models used to make security decisions.',
      es: 'Métodos para auditar la robustez, la transparencia y la equidad de los modelos de IA usados para tomar decisiones de seguridad.',
    },
    description: {
      en: 'AI models increasingly decide which events deserve attention, which transactions look fraudulent and which users are blocked. The project develops audit procedures that test such models against adversarial manipulation and changes in the data over time, and that check whether their errors fall disproportionately on particular groups. It also explores how to document models so that those responsible for them can understand their limits.',
      es: 'Los modelos de IA deciden cada vez más qué eventos merecen atención, qué transacciones parecen fraudulentas y qué usuarios son bloqueados. El proyecto desarrolla procedimientos de auditoría que ponen a prueba estos modelos frente a manipulaciones adversarias y cambios en los datos a lo largo del tiempo, y que verifican si sus errores recaen de forma desproporcionada sobre ciertos grupos. También explora cómo documentar los modelos para que sus responsables comprendan sus límites.',
    },
    status: 'active',
    period: '2025–2027',
    labId: 'responsible-ai',
    focusAreas: [
      { en: 'Adversarial robustness', es: 'Robustez frente a adversarios' },
      { en: 'Data drift monitoring', es: 'Monitoreo de cambios en los datos' },
      { en: 'Fairness of automated decisions', es: 'Equidad de las decisiones automatizadas' },
      { en: 'Model documentation', es: 'Documentación de modelos' },
    ],
    links: [],
  },
];
