import { SIGN_OUT_PATH } from '@trust/access-policy';

/** The public routes with the heading each one must show, per locale. */
export interface PublicRoute {
  path: string;
  heading: { en: RegExp; es: RegExp };
}

const same = (pattern: RegExp) => ({ en: pattern, es: pattern });

export const publicRoutes: PublicRoute[] = [
  { path: '/', heading: { en: /^UAI Trustworthy Systems Centre$/, es: /^Centro de Sistemas Confiables UAI$/ } },
  { path: '/labs', heading: { en: /^Labs$/, es: /^Laboratorios$/ } },
  { path: '/projects', heading: { en: /^Projects$/, es: /^Proyectos$/ } },
  { path: '/blog', heading: same(/Desafíos futuros de la ciberseguridad en Chile/) },
  { path: '/blog/archive', heading: { en: /^Archive$/, es: /^Archivo$/ } },
  { path: '/blog/authors', heading: { en: /^Authors$/, es: /^Autores$/ } },
  {
    path: '/blog/2024/08/20/desafios-futuros-ciberseguridad-chile',
    heading: same(/^Desafíos futuros de la ciberseguridad en Chile/),
  },
  {
    path: '/blog/2025/06/10/prioridades-id-ciberseguridad',
    heading: same(
      /^Lo que se informó sobre el informe «I\+D en Ciberseguridad» de junio de 2024: una revisión de prensa$/,
    ),
  },
  { path: SIGN_OUT_PATH, heading: { en: /^Sign out$/, es: /^Cerrar sesión$/ } },
];

export const locales = [
  { code: 'en', prefix: '' },
  { code: 'es', prefix: '/es' },
] as const;

export function localized(prefix: string, path: string): string {
  return prefix === '' ? path : path === '/' ? `${prefix}/` : `${prefix}${path}`;
}
