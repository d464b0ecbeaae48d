import type { Browser, Page } from '@playwright/test';
import { ADMIN_API_PREFIX } from '@trust/access-policy';
import { violationsInBothThemes } from './axe';
import { REFUSED_SESSION, expect, literal, tabTo, test, waitForHydration } from './fixtures';
import {
  createAccount,
  createAccountLike,
  DEMO_PASSWORD,
  DOCS_PAGE,
  expectAtPhoneWidth,
  expectLinkSent,
  latestLink,
  latestSmsCode,
  sentEmails,
  SIGN_IN_TEXT,
  signInAt,
  submitSignIn,
  VIEWPORTS,
  type Locale,
} from './auth';

/**
 * The sign-in page around the e-mailed link, and every way a session ends explained, in both
 * languages, on a wide screen and on a phone.
 */
const TEXT = {
  en: {
    returnTo: 'After signing in, you go back to the documentation page you opened.',
    lifetime:
      'The link works once and expires after a few hours. If it has not arrived within a few minutes, look in your spam folder or send it again.',
    sentAgain: /^Sent again at \d{2}:\d{2}. Use the newest e-mail\.$/,
    otherAddress: 'Use another address',
    signedOutTitle: 'You have signed out',
    signedOut:
      'This ended your sessions on every device and disconnected every AI assistant you had connected; the documentation stays closed until you sign in again.',
    endedTitle: 'Your session has ended',
    elsewhere: (email: string) =>
      `You were signed in as ${email}. This account signed out on another device or browser, and signing out ends its sessions everywhere. Sign in again to go on.`,
    suspended: (email: string) =>
      `You were signed in as ${email}. The centre has suspended this account’s access to the site. Ask the centre (the contact address is at the foot of the page) why, and whether it can be restored.`,
    alreadyTitle: 'You are already signed in',
    already: (email: string) =>
      `This sign-in link has been used already, and you are signed in as ${email}. Nothing more to do.`,
    goOn: 'Go on to the page',
    signOut: 'Sign out',
    menu: 'Toggle navigation bar',
    backToMenu: '← Back to main menu',
    resendCode: 'Send a new code',
    codeResent: (digits: string) =>
      `We sent a new code to the phone ending in ${digits}. The earlier code no longer works.`,
    cancelCode: 'Cancel and sign in another way',
    verify: 'Verify',
    code: 'Verification code',
    shortCode: 'The code has six digits: type all of them, as the latest message shows them.',
  },
  es: {
    returnTo: 'Después de iniciar sesión, volverá a la página de la documentación que abrió.',
    lifetime:
      'El enlace sirve una sola vez y vence al cabo de unas horas. Si no llega en unos minutos, revise la carpeta de correo no deseado o envíelo de nuevo.',
    sentAgain: /^Enviado de nuevo a las \d{2}:\d{2}. Use el correo más reciente\.$/,
    otherAddress: 'Usar otra dirección',
    signedOutTitle: 'Cerró su sesión',
    signedOut:
      'Se cerraron sus sesiones en todos sus dispositivos y se desconectaron todos los asistentes de IA que había conectado; la documentación seguirá cerrada hasta que vuelva a iniciar sesión.',
    endedTitle: 'Su sesión terminó',
    elsewhere: (email: string) =>
      `Había iniciado sesión como ${email}. Esta cuenta cerró sesión en otro dispositivo o navegador, y cerrar sesión termina sus sesiones en todas partes. Vuelva a iniciar sesión para continuar.`,
    suspended: (email: string) =>
      `Había iniciado sesión como ${email}. El centro suspendió el acceso de esta cuenta al sitio. Pregunte al centro (la dirección de contacto está al pie de la página) el motivo y si puede restablecerse.`,
    alreadyTitle: 'Ya inició sesión',
    already: (email: string) =>
      `Este enlace de inicio de sesión ya se usó, y usted inició sesión como ${email}. No hace falta nada más.`,
    goOn: 'Continuar a la página',
    signOut: 'Cerrar sesión',
    menu: 'Abrir o cerrar el menú de navegación',
    backToMenu: '← Volver al menú principal',
    resendCode: 'Enviar un código nuevo',
    codeResent: (digits: string) =>
      `Enviamos un código nuevo al teléfono terminado en ${digits}. El código anterior ya no sirve.`,
    cancelCode: 'Cancelar e iniciar sesión de otra forma',
    verify: 'Verificar',
    code: 'Código de verificación',
    shortCode: 'El código tiene seis dígitos: escríbalos todos, tal como aparecen en el último mensaje.',
  },
} as const;

// axe is injected into the page, which the site's Content-Security-Policy would refuse.
test.use({ bypassCSP: true });

const newAddress = (local: string, domain: string) =>
  `${local}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@${domain}`;

const signInPathOf = (locale: Locale) => `${locale === 'es' ? '/es' : ''}/signin`;

/** The sign-in page's address when the session of a reader reading `path` ended for `ended`. */
const endedUrl = (locale: Locale, path: string, ended: string) =>
  new RegExp(`^http://[^/]+${signInPathOf(locale)}\\?next=${literal(encodeURIComponent(path))}&ended=${ended}$`);

async function freshPage(browser: Browser, baseURL: string | undefined, width: number, height: number): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height } });
  return context.newPage();
}

/** Signs out from the navbar: the account menu on a wide screen, the phone menu on a narrow one. */
async function signOutHere(page: Page, locale: Locale, isPhone: boolean): Promise<void> {
  const text = TEXT[locale];
  if (isPhone) {
    await page.getByRole('button', { name: text.menu }).click();
    const signOut = page.locator('.navbar-sidebar').getByRole('button', { name: text.signOut, exact: true });
    // On a documentation page the menu opens on the documentation's own sidebar.
    const back = page.getByRole('button', { name: text.backToMenu, exact: true });
    await expect(back.or(signOut).first()).toBeVisible();
    if (await back.isVisible()) await back.click();
    await page.locator('.navbar-sidebar').getByRole('button', { name: text.signOut, exact: true }).click();
  } else {
    const navbar = page.getByRole('navigation', { name: /^(Main|Principal)$/ });
    await navbar.getByRole('button', { name: /^(Account|Cuenta) \w+: / }).click();
    await navbar.getByRole('button', { name: text.signOut, exact: true }).click();
  }
}

for (const locale of ['en', 'es'] as const) {
  const text = TEXT[locale];
  const signIn = SIGN_IN_TEXT[locale];
  const docs = DOCS_PAGE[locale];

  for (const viewport of VIEWPORTS) {
    const isPhone = viewport.width < 996;
    test.describe(`${locale}, ${viewport.name}`, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height } });

      test('the link form sends on Enter, and its panel names the address, the lifetime, resend and another address', async ({
        page,
      }) => {
        const email = newAddress('enter.key', 'alumnos.uai.cl');
        await page.goto(docs.path);
        await waitForHydration(page);
        await expect(page.getByText(text.returnTo, { exact: true })).toBeVisible();
        // The password waits behind its own button: the link is the way in.
        await expect(page.getByLabel(signIn.password, { exact: true })).toHaveCount(0);
        await page.getByLabel(signIn.email, { exact: true }).fill(email);
        await page.getByLabel(signIn.email, { exact: true }).press('Enter');
        await expectLinkSent(page, locale, email);
        const panel = page.getByTestId('link-sent');
        await expect(panel.getByRole('heading', { name: signIn.sentTitle })).toBeInViewport();
        expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });
        await expect(panel.getByText(text.lifetime, { exact: true })).toBeVisible();
        await expect.poll(async () => latestLink(email)).not.toBeNull();
        const first = await latestLink(email);

        await panel.getByRole('button', { name: signIn.resend, exact: true }).click();
        await expect(panel.getByRole('status')).toHaveText(text.sentAgain);
        await expect.poll(async () => latestLink(email)).not.toBe(first);
        expect((await sentEmails()).filter((mail) => mail.email === email)).toHaveLength(2);

        await panel.getByRole('button', { name: text.otherAddress, exact: true }).click();
        await expect(page.getByLabel(signIn.email, { exact: true })).toHaveValue(email);
        await expect(page.getByTestId('link-sent')).toHaveCount(0);
        await page.screenshot({ path: `test-results/screens/sign-in-${locale}-${viewport.width}.png` });
      });

      test('signing out from the navbar opens the sign-in page saying so, with the way back', async ({ page }) => {
        const email = await createAccountLike('ana.torres@uai.cl');
        await signInAt(page, docs.path, email);
        await waitForHydration(page);
        await signOutHere(page, locale, isPhone);
        await expect(page).toHaveURL(endedUrl(locale, docs.path, 'signed-out'), { timeout: 15_000 });
        await waitForHydration(page);
        const heading = page.getByRole('heading', { name: text.signedOutTitle, exact: true });
        await expect(heading).toBeFocused();
        await expect(page.getByText(text.signedOut, { exact: true })).toBeVisible();
        expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });
        await expect(page.locator('.navbar-sidebar--show')).toHaveCount(0);
        expect(await (await page.request.get('/api/session')).json()).toEqual({ active: false });
        await page.screenshot({ path: `test-results/screens/signed-out-${locale}-${viewport.width}.png` });
      });
    });
  }

  test(`by keyboard alone: from the page asked for to the e-mail field, the password form, and in (${locale})`, async ({
    page,
  }) => {
    const email = await createAccountLike('diego.rojas@alumnos.uai.cl');
    await page.goto(docs.path);
    await waitForHydration(page);
    const address = page.getByLabel(signIn.email, { exact: true });
    expect(await tabTo(page, address)).toBeLessThanOrEqual(25);
    await page.keyboard.type(email);
    await tabTo(page, page.getByRole('button', { name: signIn.usePassword, exact: true }), 3);
    await page.keyboard.press('Enter');
    // The address is typed already: focus goes on to the password.
    await expect(page.getByLabel(signIn.password, { exact: true })).toBeFocused();
    await expect(address).toHaveValue(email);
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`^http://[^/]+${literal(docs.path)}$`), { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: docs.heading })).toBeVisible();
  });

  test(`a session ended by a sign-out on another device says so and names the address (${locale})`, async ({
    page,
    browser,
    baseURL,
    consoleErrors,
  }) => {
    // The provider's SDK in this browser finds its own tokens revoked, and says so in the console.
    consoleErrors.allow(
      /status of 400 \(Bad Request\) \(http:\/\/[^/]+\/identitytoolkit\.googleapis\.com\/v1\/accounts:lookup/,
    );
    const email = await createAccountLike('diego.rojas@alumnos.uai.cl');
    await signInAt(page, docs.path, email);
    const other = await freshPage(browser, baseURL, 390, 844);
    // Firebase compares a revocation with the sign-in time in whole seconds.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await signInAt(other, docs.path, email);
    await waitForHydration(other);
    await signOutHere(other, locale, true);
    await expect(other).toHaveURL(endedUrl(locale, docs.path, 'signed-out'), { timeout: 15_000 });
    await other.context().close();

    await page.goto(docs.path);
    await expect(page).toHaveURL(endedUrl(locale, docs.path, 'signed-out-elsewhere'));
    await waitForHydration(page);
    const heading = page.getByRole('heading', { name: text.endedTitle, exact: true });
    const words = page.getByText(text.elsewhere(email), { exact: true });
    await expect(heading).toBeFocused();
    await expect(words).toBeVisible();
    await expect(page.getByLabel(signIn.email, { exact: true })).toHaveValue(email);
    await expectAtPhoneWidth(page, `ended-elsewhere-${locale}`, { focused: heading, shown: [words] });
  });

  test(`a session ended by a suspension says so (${locale})`, async ({ page, browser, baseURL, consoleErrors }) => {
    consoleErrors.allow(REFUSED_SESSION);
    consoleErrors.allow(/status of 400 \(Bad Request\)/);
    const email = await createAccountLike('diego.rojas@alumnos.uai.cl');
    await signInAt(page, docs.path, email);

    const admin = await freshPage(browser, baseURL, 1280, 800);
    await signInAt(admin, '/docs/IntrusionSentinel/architecture/overview');
    const suspended = await admin.request.post(`${ADMIN_API_PREFIX}/suspend`, {
      headers: { Origin: new URL(admin.url()).origin },
      data: { email, reason: 'Shared the documentation outside the university.' },
    });
    expect(suspended.status()).toBe(200);
    await admin.context().close();

    await page.goto(docs.path);
    await expect(page).toHaveURL(endedUrl(locale, docs.path, 'suspended'));
    await waitForHydration(page);
    const heading = page.getByRole('heading', { name: text.endedTitle, exact: true });
    const words = page.getByText(text.suspended(email), { exact: true });
    await expect(heading).toBeFocused();
    await expect(words).toBeVisible();
    await expectAtPhoneWidth(page, `ended-suspended-${locale}`, { focused: heading, shown: [words] });
  });

  test(`a used link opened again while signed in says so, and goes on (${locale})`, async ({ page }) => {
    const email = newAddress('reopened', 'uai.cl');
    await page.goto(docs.path);
    await waitForHydration(page);
    await page.getByLabel(signIn.email, { exact: true }).fill(email);
    await page.getByRole('button', { name: signIn.emailLink, exact: true }).click();
    await expectLinkSent(page, locale, email);
    await expect.poll(async () => latestLink(email)).not.toBeNull();
    const link = (await latestLink(email))!;
    await page.goto(link);
    await expect(page).toHaveURL(new RegExp(`^http://[^/]+${docs.path}$`), { timeout: 15_000 });

    await page.goto(link);
    await waitForHydration(page);
    const heading = page.getByRole('heading', { name: text.alreadyTitle, exact: true });
    const goOn = page.getByRole('link', { name: text.goOn, exact: true });
    await expect(heading).toBeFocused();
    await expect(page.getByText(text.already(email), { exact: true })).toBeVisible();
    // Reopened once more, on a phone.
    await expectAtPhoneWidth(page, `link-used-signed-in-${locale}`, {
      focused: heading,
      shown: [page.getByText(text.already(email), { exact: true }), goOn],
      open: () => page.goto(link),
    });
    await goOn.click();
    await expect(page).toHaveURL(new RegExp(`^http://[^/]+${docs.path}$`));
    await expect(page.getByRole('heading', { level: 1, name: docs.heading })).toBeVisible();
  });

  test(`the second-factor step takes focus, sends a new code and can be left (${locale})`, async ({
    page,
    consoleErrors,
  }) => {
    // The emulator does not implement the reCAPTCHA Enterprise config lookup the SDK tries first.
    consoleErrors.allow(/status of 501 \(Not Implemented\).*recaptchaConfig/);
    // An account of its own: the codes the emulator sent are looked up by phone number.
    const account = {
      email: newAddress('second.factor', 'uai.cl'),
      phone: `+5695${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`,
    };
    await createAccount({ ...account, emailVerified: true });
    await page.goto(docs.path);
    await waitForHydration(page);
    await submitSignIn(page, locale, account.email, DEMO_PASSWORD);
    const field = page.getByLabel(text.code, { exact: true });
    await expect(field).toBeFocused();
    expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });
    await field.focus();
    let first: string | null = null;
    await expect.poll(async () => (first = await latestSmsCode(account.phone))).not.toBeNull();

    // On a phone the step fits the screen: the field keeps focus, and its three buttons are in reach.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(field).toBeFocused();
    for (const name of [text.verify, text.resendCode, text.cancelCode]) {
      const button = page.getByRole('button', { name, exact: true });
      await button.scrollIntoViewIfNeeded();
      await expect(button).toBeInViewport({ ratio: 1 });
    }
    await page.screenshot({ path: `test-results/screens/second-factor-${locale}-390.png` });
    await page.getByRole('button', { name: text.resendCode, exact: true }).click();
    // The phone is named by its last four digits.
    await expect(page.getByRole('status')).toHaveText(text.codeResent(account.phone.slice(-4)));
    await expect(field).toBeFocused();
    let second: string | null = null;
    await expect.poll(async () => (second = await latestSmsCode(account.phone))).not.toBe(first);

    await page.getByRole('button', { name: text.cancelCode, exact: true }).click();
    await expect(field).toHaveCount(0);
    await submitSignIn(page, locale, account.email, DEMO_PASSWORD);
    await expect(page.getByLabel(text.code, { exact: true })).toBeFocused();
    let third: string | null = null;
    await expect.poll(async () => (third = await latestSmsCode(account.phone))).not.toBe(second);
    // Too few digits is said as such, under the field, before anything is sent.
    await page.getByLabel(text.code, { exact: true }).fill(third!.slice(0, 3));
    await page.getByRole('button', { name: text.verify, exact: true }).click();
    await expect(page.locator('#sign-in-code-error')).toHaveText(text.shortCode);
    await expect(page.getByLabel(text.code, { exact: true })).toBeFocused();
    await page.getByLabel(text.code, { exact: true }).fill(third!);
    await page.getByRole('button', { name: text.verify, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`^http://[^/]+${docs.path}$`), { timeout: 15_000 });
  });
}
