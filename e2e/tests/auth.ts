import type { Locator, Page } from '@playwright/test';
import { localeOfPath, signInUrl } from '@trust/access-policy';
import { violationsInBothThemes } from './axe';
import { expect, literal, waitForHydration } from './fixtures';

import { createAccount, DEMO_PASSWORD } from '../../scripts/authEmulator.mjs';

export {
  createAccount,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  latestLink,
  latestSmsCode,
  sentEmails,
  updateAccount,
} from '../../scripts/authEmulator.mjs';

/**
 * An account of its own, like `model` (same domain, same verification) but with a new address, for
 * a test that signs out: signing out revokes every session of the account, which would also sign
 * out any other test running with a shared demo account at the same time.
 */
export async function createAccountLike(model: string, emailVerified = true): Promise<string> {
  const [local, domain] = model.split('@');
  const email = `${local}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@${domain}`;
  await createAccount({ email, emailVerified });
  return email;
}

export const DOCS_PAGE = {
  en: { path: '/docs/IntrusionSentinel/architecture/overview', heading: /Architecture overview|Overview/i },
  es: {
    path: '/es/docs/IntrusionSentinel/architecture/overview',
    heading: /arquitectura|Visión general|Descripción general/i,
  },
} as const;

export const SIGN_IN_TEXT = {
  en: {
    email: 'E-mail',
    password: 'Password',
    submit: 'Sign in',
    github: 'Sign in with GitHub',
    title: 'Sign in to your account',
    notAllowed: 'You are not allowed to access this page.',
    emailLink: 'E-mail me a sign-in link',
    university: 'Sign in with your UAI account',
    usePassword: 'Use a password',
    sentTitle: 'Check your e-mail',
    linkSent: (email: string) =>
      `We sent a sign-in link to ${email}. Open it on this device and you will come straight back here, signed in.`,
    resend: 'Send the link again',
    signedInAs: (email: string) => `You are signed in as ${email}.`,
    notAdmitted:
      'The documentation is open to addresses of the university and to readers the centre has invited, and this address is neither.',
    unsecured:
      'This site has not yet seen proof that this address’s mailbox is yours. Open a sign-in link sent to it: the account then becomes yours alone, and any password or other way in added to it before is removed.',
    confirmTitle: 'Confirm your e-mail address',
    continue: 'Continue',
    otherAddress: 'This link was sent to another address. Enter the address you asked for the link with.',
    used: 'This sign-in link has already been used or has expired. Each link works once.',
    sendNew: 'E-mail me a new link',
    invitationEnded: (until: string) =>
      `The centre’s invitation for this address ended on ${until}. Ask the centre to renew it.`,
    suspended:
      'The centre has suspended this account’s access to the site. Ask the centre (the contact address is at the foot of the page) why, and whether it can be restored.',
  },
  es: {
    email: 'Correo electrónico',
    password: 'Contraseña',
    submit: 'Iniciar sesión',
    github: 'Iniciar sesión con GitHub',
    title: 'Inicie sesión en su cuenta',
    notAllowed: 'No tiene permiso para acceder a esta página.',
    emailLink: 'Enviarme un enlace de inicio de sesión',
    university: 'Iniciar sesión con su cuenta UAI',
    usePassword: 'Usar una contraseña',
    sentTitle: 'Revise su correo',
    linkSent: (email: string) =>
      `Enviamos un enlace de inicio de sesión a ${email}. Ábralo en este dispositivo y volverá directamente aquí, con la sesión iniciada.`,
    resend: 'Enviar el enlace de nuevo',
    signedInAs: (email: string) => `Ha iniciado sesión como ${email}.`,
    notAdmitted:
      'La documentación está abierta a las direcciones de la universidad y a los lectores que el centro ha invitado, y esta dirección no es ninguna de las dos.',
    unsecured:
      'Este sitio aún no ha recibido prueba de que el buzón de esta dirección sea suyo. Abra un enlace de inicio de sesión enviado a ella: la cuenta pasa entonces a ser solo suya, y se elimina toda contraseña u otra forma de ingreso que se le haya agregado antes.',
    confirmTitle: 'Confirme su dirección de correo electrónico',
    continue: 'Continuar',
    otherAddress: 'Este enlace se envió a otra dirección. Escriba la dirección con la que pidió el enlace.',
    used: 'Este enlace de inicio de sesión ya se usó o venció. Cada enlace sirve una sola vez.',
    sendNew: 'Enviarme un enlace nuevo',
    invitationEnded: (until: string) =>
      `La invitación del centro para esta dirección terminó el ${until}. Pida al centro que la renueve.`,
    suspended:
      'El centro suspendió el acceso de esta cuenta al sitio. Pregunte al centro (la dirección de contacto está al pie de la página) el motivo y si puede restablecerse.',
  },
} as const;

export type Locale = keyof typeof SIGN_IN_TEXT;

/** Fills and submits the sign-in form that is on screen, opening its password form first. */
export async function submitSignIn(page: Page, locale: Locale, email: string, password: string): Promise<void> {
  const text = SIGN_IN_TEXT[locale];
  const toggle = page.getByRole('button', { name: text.usePassword, exact: true });
  const passwordField = page.getByLabel(text.password, { exact: true });
  await expect(toggle.or(passwordField)).toBeVisible();
  if (await toggle.isVisible()) await toggle.click();
  const form = page.locator('form').filter({ has: page.getByLabel(text.email, { exact: true }) });
  await expect(form).toBeVisible();
  await form.getByLabel(text.email, { exact: true }).fill(email);
  await form.getByLabel(text.password, { exact: true }).fill(password);
  await form.getByRole('button', { name: text.submit, exact: true }).click();
}

/**
 * The panel a sent sign-in link shows: its heading holds focus, and it names the address.
 */
export async function expectLinkSent(page: Page, locale: Locale, email: string): Promise<void> {
  const text = SIGN_IN_TEXT[locale];
  const panel = page.getByTestId('link-sent');
  await expect(panel.getByRole('heading', { name: text.sentTitle, exact: true })).toBeFocused();
  await expect(panel.getByText(text.linkSent(email), { exact: true })).toBeVisible();
}

/**
 * Signs in with the password from the sign-in page of `path`'s locale, with `next` set to `path`,
 * and waits until `path` has opened.
 */
export async function signInAt(page: Page, path: string, email = 'ana.torres@uai.cl'): Promise<void> {
  await page.goto(signInUrl(path));
  await waitForHydration(page);
  await submitSignIn(page, localeOfPath(path), email, DEMO_PASSWORD);
  // Opening the session and moving on has taken over 5 s with both test workers busy.
  await expect(page).toHaveURL(new RegExp(`^http://[^/]+${literal(path)}$`), { timeout: 15_000 });
}

/**
 * Signs in through the emulator's own provider page in a popup (GitHub's, or Google's for the
 * university account), creating the account with this address.
 */
export async function signInWithPopup(page: Page, button: string, email: string): Promise<void> {
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: button, exact: true }).click();
  const popup = await popupPromise;
  await popup.getByText('Add new account').click();
  await popup.getByLabel('Email').fill(email);
  await popup.getByRole('button', { name: /^Sign in with / }).click();
}

/** Signs in through the emulator's GitHub popup, creating the account with this address. */
export const signInWithGitHubPopup = (page: Page, email: string) =>
  signInWithPopup(page, SIGN_IN_TEXT.en.github, email);

/**
 * Opens the navbar's account menu (the button with the reader's initials), signs out from it, and
 * waits for the sign-in page that says so, with the way back to the page left.
 */
export async function signOutFromNavbar(page: Page): Promise<void> {
  const left = page.url();
  const navbar = page.getByRole('navigation', { name: /^(Main|Principal)$/ });
  await navbar.getByRole('button', { name: /^(Account|Cuenta) \w+: / }).click();
  await navbar.getByRole('button', { name: /^(Sign out|Cerrar sesión)$/ }).click();
  await expectSignedOutPage(page, left);
}

/**
 * Waits until signing out has opened the sign-in page that says so, with the way back to `left`
 * (the address signed out from), and that page has hydrated: nothing of the sign-out is still
 * under way when the test goes on or ends.
 */
export async function expectSignedOutPage(page: Page, left: string): Promise<void> {
  const { origin, pathname, search } = new URL(left);
  const signIn = signInUrl(`${pathname}${search}`);
  await expect(page).toHaveURL(new RegExp(`^${literal(origin + signIn)}&ended=signed-out$`), { timeout: 15_000 });
  await waitForHydration(page);
}

/**
 * The screen a journey ended on, opened again at a phone's width (reloaded, unless `open` says how
 * to reach it): the same focus, the same words in view, no axe violation in either theme; its
 * picture goes to `test-results/screens/`.
 */
export async function expectAtPhoneWidth(
  page: Page,
  name: string,
  { focused, shown, open = () => page.reload() }: { focused: Locator; shown: Locator[]; open?: () => Promise<unknown> },
): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await open();
  await waitForHydration(page);
  await expect(focused).toBeFocused();
  for (const one of shown) await expect(one).toBeInViewport();
  expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });
  await page.screenshot({ path: `test-results/screens/${name}-390.png` });
}

/** The months as a date written out names them, in each language. */
export const MONTHS = {
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  es: [
    'enero',
    'febrero',
    'marzo',
    'abril',
    'mayo',
    'junio',
    'julio',
    'agosto',
    'septiembre',
    'octubre',
    'noviembre',
    'diciembre',
  ],
} as const;

/** The two widths the sign-in journeys are checked at: a desktop's and a phone's. */
export const VIEWPORTS = [
  { name: '1280 px', width: 1280, height: 800 },
  { name: '390 px', width: 390, height: 844 },
] as const;

export const prefixOf = (locale: Locale) => (locale === 'es' ? '/es' : '');

/** The sign-in page of a locale, returning to `next` once signed in. */
export const signInWith = (locale: Locale, next: string) => signInUrl(next, '', locale);
