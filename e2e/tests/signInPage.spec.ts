import type { Browser, Locator, Page } from '@playwright/test';
import { ADMIN_API_PREFIX, SESSION_END_PARAMETER, SIGN_IN_PATH } from '@trust/access-policy';
import { violationsInBothThemes } from './axe';
import { startAuthorization } from './mcpPages';
import { REFUSED_SESSION, expect, literal, test, waitForHydration } from './fixtures';
import {
  createAccount,
  createAccountLike,
  DEMO_PASSWORD,
  DOCS_PAGE,
  latestSmsCode,
  MONTHS,
  prefixOf,
  SIGN_IN_TEXT,
  signInAt,
  signInWith,
  submitSignIn,
  updateAccount,
  VIEWPORTS,
  type Locale,
} from './auth';

/**
 * The sign-in page as a reader meets it: where they go next said in words, never by its address
 * (and a members' page never by its title), the form first, errors under their field, 'Not
 * allowed' with its reason first, dates in words, sign-out and an unreachable provider said plainly,
 * the second step naming the phone, and the consent page's heading without a frame. Both
 * languages, on a wide screen and on a phone.
 */
const TEXT = {
  en: {
    centre: 'UAI Trustworthy Systems Centre',
    goesOnTo: (destination: string) => `After signing in, you go on ${destination}.`,
    connect: 'to connect your AI assistant',
    forMembers: 'The documentation is for members of the university and readers the centre invites.',
    backToDocs: 'After signing in, you go back to the documentation page you opened.',
    requestTitle: 'Ask the centre for access',
    noteLimit: 'Up to 200 characters',
    noteTooLong: (count: number) => `Shorten the note to 200 characters; it has ${count} now.`,
    writeToCentre: 'Write to the centre',
    signOutButton: 'Sign out and use another address',
    home: 'to the home page',
    labs: 'to the Labs page',
    blog: 'to the blog',
    titled: (title: string) => `to “${title}”`,
    forgot: 'Forgot password?',
    missingEmail: 'Enter your e-mail address first.',
    invalidCredential: 'The e-mail address or the password is not correct.',
    notAllowedTitle: 'Not allowed',
    anotherAddress: 'Sign in with another address',
    requestNote: 'Who you are and why you need the documentation',
    sendRequest: 'Send the request',
    requestSent:
      'Your request was sent. When the centre approves it, a sign-in link reaches your mailbox; if it declines, you will see the answer here (with the reason, if the centre gives one) the next time you sign in.',
    declined: (date: string, reason: string) =>
      `The centre declined your request of ${date}. You may ask again if something has changed. The centre’s reason: ${reason}`,
    months: MONTHS.en,
    date: (day: number, month: string, year: number) => `${day} ${month} ${year}`,
    signedOut:
      'You have signed out. This ended your sessions on every device and disconnected every AI assistant you had connected; the documentation stays closed until you sign in again.',
    unreachable: 'The sign-in service cannot be reached right now. Try again in a few minutes.',
    codeSent: (digits: string) =>
      `We sent a code by text message to the phone ending in ${digits}. Enter it to finish signing in.`,
    code: 'Verification code',
    consent: 'Allow Sign-in page assistant to read the documentation?',
    returnsTo: 'a program on this computer',
    details: 'Details',
    address: '127.0.0.1, port 9',
    losesAccess:
      'It loses access when you sign out (which disconnects every assistant), when your access ends, when an admin disconnects it, or when you disconnect it under Connected assistants in your account menu.',
  },
  es: {
    centre: 'Centro de Sistemas Confiables UAI',
    goesOnTo: (destination: string) => `Después de iniciar sesión, pasará ${destination}.`,
    connect: 'a conectar su asistente de IA',
    forMembers:
      'La documentación es para integrantes de la universidad y para las personas que el centro invita a leerla.',
    backToDocs: 'Después de iniciar sesión, volverá a la página de la documentación que abrió.',
    requestTitle: 'Pedir acceso al centro',
    noteLimit: 'Hasta 200 caracteres',
    noteTooLong: (count: number) => `Acorte la nota a 200 caracteres; ahora tiene ${count}.`,
    writeToCentre: 'Escribir al centro',
    signOutButton: 'Cerrar sesión y usar otra dirección',
    home: 'a la página de inicio',
    labs: 'a la página Laboratorios',
    blog: 'al blog',
    titled: (title: string) => `a «${title}»`,
    forgot: '¿Olvidó su contraseña?',
    missingEmail: 'Primero ingrese su correo electrónico.',
    invalidCredential: 'El correo electrónico o la contraseña no son correctos.',
    notAllowedTitle: 'No permitido',
    anotherAddress: 'Inicie sesión con otra dirección',
    requestNote: 'Quién es y por qué necesita la documentación',
    sendRequest: 'Enviar la solicitud',
    requestSent:
      'Su solicitud fue enviada. Si el centro la aprueba, recibirá en su buzón un enlace de inicio de sesión; si la rechaza, verá la respuesta aquí (con el motivo, si el centro lo indica) la próxima vez que inicie sesión.',
    declined: (date: string, reason: string) =>
      `El centro rechazó su solicitud del ${date}. Puede volver a presentarla si algo cambió. El motivo del centro: ${reason}`,
    months: MONTHS.es,
    date: (day: number, month: string, year: number) => `${day} de ${month} de ${year}`,
    signedOut:
      'Ha cerrado su sesión. Se cerraron sus sesiones en todos sus dispositivos y se desconectaron todos los asistentes de IA que había conectado; la documentación seguirá cerrada hasta que vuelva a iniciar sesión.',
    unreachable:
      'No se puede contactar el servicio de inicio de sesión en este momento. Vuelva a intentarlo en unos minutos.',
    codeSent: (digits: string) =>
      `Enviamos un código por mensaje de texto al teléfono terminado en ${digits}. Ingréselo para terminar de iniciar sesión.`,
    code: 'Código de verificación',
    consent: '¿Permitir que Sign-in page assistant lea la documentación?',
    returnsTo: 'un programa en este computador',
    details: 'Detalles',
    address: '127.0.0.1, puerto 9',
    losesAccess:
      'Perderá el acceso cuando usted cierre sesión (lo que desconecta a todos sus asistentes), cuando termine su acceso, cuando un administrador lo desconecte o cuando usted lo desconecte en Asistentes conectados, en el menú de su cuenta.',
  },
} as const;

/** A public blog post, named on the sign-in page by its own title. */
const BLOG_POST = {
  path: '/blog/2024/08/20/desafios-futuros-ciberseguridad-chile',
  title:
    'Desafíos futuros de la ciberseguridad en Chile: lo que propuso la submesa de Investigación Avanzada del Senado, según los editores de su informe',
};

// axe is injected into the page, which the site's Content-Security-Policy would refuse.
test.use({ bypassCSP: true });

/** Today's date (UTC, as the server keeps it) in the words of the page's language. */
function today(locale: Locale): string {
  const now = new Date();
  return TEXT[locale].date(now.getUTCDate(), TEXT[locale].months[now.getUTCMonth()]!, now.getUTCFullYear());
}

async function expectAbove(upper: Locator, lower: Locator): Promise<void> {
  const [a, b] = [await upper.boundingBox(), await lower.boundingBox()];
  expect(a!.y + a!.height).toBeLessThanOrEqual(b!.y);
}

/** The text of the sign-in card's elements before its first button: what the reader reads before acting. */
const introOf = (page: Page) =>
  page.locator('section[aria-labelledby="sign-in-title"]').evaluate((card) => {
    const children = Array.from(card.children);
    const first = children.findIndex((child) => child.tagName === 'BUTTON' || child.querySelector('button, input'));
    return children.slice(0, first).map((child) => `${child.tagName}: ${child.textContent}`);
  });

/** The sign-in card's width in every state (alone, under a notice): 28rem, or the phone's column. */
const CARD_WIDTH: Record<number, number> = { 1280: 448, 390: 358 };

async function expectCardWidth(page: Page, viewportWidth: number): Promise<void> {
  const card = page.locator('section[aria-labelledby="sign-in-title"]');
  await expect(card).toBeVisible();
  expect(Math.round((await card.boundingBox())!.width)).toBe(CARD_WIDTH[viewportWidth]);
}

async function freshPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

for (const locale of ['en', 'es'] as const) {
  const text = TEXT[locale];
  const signIn = SIGN_IN_TEXT[locale];
  const docs = DOCS_PAGE[locale];
  const prefix = prefixOf(locale);

  for (const viewport of VIEWPORTS) {
    test.describe(`${locale}, ${viewport.name}`, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height } });

      test('where the reader goes next is said in words: never an address, never a documentation title', async ({
        page,
      }) => {
        const request = `${prefix}/connect?request=${'eyJhbGciOiJFUzI1NiJ9'.repeat(75)}`;
        // From the documentation's home, the one sentence says whom it is for; from a page of it,
        // that the reader comes back to that page (never named: its title is for members).
        const cases = [
          { next: request, says: text.goesOnTo(text.connect) },
          { next: docs.path, says: text.backToDocs },
          { next: `${prefix}/`, says: text.goesOnTo(text.home) },
          { next: `${prefix}/labs`, says: text.goesOnTo(text.labs) },
          { next: `${prefix}/blog`, says: text.goesOnTo(text.blog) },
          { next: null, says: text.forMembers },
          { next: `${prefix}${BLOG_POST.path}`, says: text.goesOnTo(text.titled(BLOG_POST.title)) },
        ];
        for (const { next, says } of cases) {
          // Without `next`, "Sign in" in the navbar: the page leads to the documentation's home.
          await page.goto(next === null ? `${prefix}${SIGN_IN_PATH}` : signInWith(locale, next));
          await waitForHydration(page);
          await expect(page.getByTestId('sign-in-next')).toHaveText(new RegExp(`^${literal(says)}$`));
          const shown = await page.locator('main').innerText();
          expect(shown).not.toMatch(/\/connect|request=|eyJ|\/docs\b|\/labs|\/blog/);
          expect(shown).not.toMatch(docs.heading);
        }
        await page.goto(signInWith(locale, request));
        await waitForHydration(page);
        expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });
        await page.screenshot({ path: `test-results/screens/sign-in-next-${locale}-${viewport.width}.png` });
      });

      test('from a documentation page: the form first, its heading focused, every way in as wide, errors under their field', async ({
        page,
        consoleErrors,
      }) => {
        consoleErrors.allow(/status of 400 \(Bad Request\)/);
        await page.goto(docs.path);
        await expect(page).toHaveURL(new RegExp(`^http://[^/]+${literal(signInWith(locale, docs.path))}$`));
        await waitForHydration(page);
        const heading = page.getByRole('heading', { level: 1 });
        await expect(heading).toHaveText(signIn.title);
        await expect(heading).toBeFocused();
        // Focused by script, the heading shows no ring: it is no control.
        await expect(heading).toHaveCSS('outline-style', 'none');
        expect(await introOf(page)).toEqual([`P: ${text.centre}`, `H1: ${signIn.title}`, `P: ${text.backToDocs}`]);
        await expectCardWidth(page, viewport.width);
        const university = page.getByRole('button', { name: signIn.university, exact: true });
        await page.keyboard.press('Tab');
        await expect(university).toBeFocused();
        const widths = await Promise.all(
          [
            university,
            page.getByLabel(signIn.email, { exact: true }),
            page.getByRole('button', { name: signIn.emailLink, exact: true }),
            page.getByRole('button', { name: signIn.github, exact: true }),
          ].map(async (one) => Math.round((await one.boundingBox())!.width)),
        );
        expect(new Set(widths).size, `widths ${widths.join(', ')}`).toBe(1);

        // One primary action at a time: the UAI account's, until the reader turns to a password.
        await expect(university).toHaveClass(/\bbutton--primary\b/);
        await expect(page.getByRole('button', { name: signIn.emailLink, exact: true })).toHaveClass(
          /\bbutton--secondary\b/,
        );
        // A password reset without an address: the error is the e-mail field's.
        await page.getByRole('button', { name: signIn.usePassword, exact: true }).click();
        await expect(university).toHaveClass(/\bbutton--secondary\b/);
        await expect(page.getByRole('button', { name: signIn.submit, exact: true })).toHaveClass(/\bbutton--primary\b/);
        const email = page.getByLabel(signIn.email, { exact: true });
        await page.getByRole('button', { name: text.forgot, exact: true }).click();
        const emailError = page.locator('#sign-in-email-error');
        await expect(emailError).toHaveText(text.missingEmail);
        await expect(email).toHaveAttribute('aria-invalid', 'true');
        await expect(email).toHaveAttribute('aria-describedby', 'sign-in-email-error');
        await expectAbove(email, emailError);
        await expectAbove(emailError, page.getByLabel(signIn.password, { exact: true }));

        // A wrong password: the error is the password field's, between it and the button.
        await email.fill(await createAccountLike('diego.rojas@alumnos.uai.cl'));
        const password = page.getByLabel(signIn.password, { exact: true });
        await password.fill('not-the-password');
        await page.getByRole('button', { name: signIn.submit, exact: true }).click();
        const passwordError = page.locator('#sign-in-password-error');
        await expect(passwordError).toHaveText(text.invalidCredential);
        await expect(page.getByRole('alert')).toHaveText(text.invalidCredential);
        await expect(password).toHaveAttribute('aria-invalid', 'true');
        await expect(password).toHaveAttribute('aria-describedby', 'sign-in-password-error');
        await expect(email).not.toHaveAttribute('aria-invalid');
        await expectAbove(password, passwordError);
        await expectAbove(passwordError, page.getByRole('button', { name: signIn.submit, exact: true }));
        expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });
      });

      test('‘Not allowed’ gives the reason first, then the centre’s answer, then the specified words, and an empty form for another address', async ({
        page,
        browser,
        baseURL,
        consoleErrors,
      }) => {
        consoleErrors.allow(REFUSED_SESSION);
        consoleErrors.allow(/status of 400 \(Bad Request\)/);
        const outsider = await createAccountLike('visitor@example.org');
        await page.goto(docs.path);
        await waitForHydration(page);
        await submitSignIn(page, locale, outsider, DEMO_PASSWORD);
        const reason = page.getByText(`${signIn.signedInAs(outsider)} ${signIn.notAdmitted}`, { exact: true });
        const specified = page.getByText(signIn.notAllowed);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.notAllowedTitle);
        await expectAbove(reason, specified);
        const another = page.getByRole('heading', { level: 2, name: text.anotherAddress, exact: true });
        await expect(another).toBeVisible();
        // The request for access comes right under the specified words; the card below already
        // signs in with another address, so no button repeats it.
        const requestTitle = page.getByRole('heading', { level: 2, name: text.requestTitle, exact: true });
        // Nothing between the specified words and the request's heading: no button, no link.
        const afterMessage = await page.locator('main').evaluate((main, words) => {
          const all = Array.from(main.querySelectorAll('p, h2, a, button'));
          const at = all.findIndex((one) => one.tagName === 'P' && one.textContent!.startsWith(words));
          return all[at + 1]?.textContent ?? null;
        }, signIn.notAllowed);
        expect(afterMessage).toBe(text.requestTitle);
        await expectAbove(specified, requestTitle);
        await expectAbove(requestTitle, another);
        await expect(page.getByRole('button', { name: text.signOutButton, exact: true })).toHaveCount(0);
        // "Write to the centre" is a link in the text, not a third button.
        const write = page.getByRole('link', { name: text.writeToCentre, exact: true });
        await expect(write).toBeVisible();
        await expect(write).not.toHaveClass(/\bbutton\b/);
        // The card for another address keeps one style: the request is this page's main action.
        const anotherCard = page.locator('section[aria-labelledby="sign-in-title"]');
        await expect(anotherCard.getByRole('button', { name: signIn.university, exact: true })).toHaveClass(
          /\bbutton--secondary\b/,
        );
        await expectCardWidth(page, viewport.width);
        await page.screenshot({
          path: `test-results/screens/not-allowed-${locale}-${viewport.width}.png`,
          fullPage: true,
        });

        // The note says its limit and counts; a longer note is refused whole, not cut.
        const note = page.getByLabel(text.requestNote, { exact: true });
        await expect(page.locator('#request-note-limit')).toHaveText(new RegExp(`^${literal(text.noteLimit)}$`));
        const count = page.getByTestId('request-note-count');
        await expect(count).toHaveText(/^0\/200$/);
        await note.fill('x'.repeat(205));
        await expect(note).toHaveValue('x'.repeat(205));
        await expect(count).toHaveText(/^205\/200$/);
        await page.getByRole('button', { name: text.sendRequest, exact: true }).click();
        await expect(note).toHaveAccessibleDescription(
          new RegExp(`^${literal(text.noteTooLong(205))} ${literal(text.noteLimit)}$`),
        );
        await expect(page.getByText(text.requestSent, { exact: true })).toHaveCount(0);
        // The form for another address keeps neither the refused address nor its password.
        await expect(page.locator('#sign-in-email')).toHaveValue('');
        await expect(page.locator('#sign-in-password')).toHaveValue('');

        await page.getByLabel(text.requestNote, { exact: true }).fill('A partner engineer on the sensor project.');
        await page.getByRole('button', { name: text.sendRequest, exact: true }).click();
        await expect(page.getByText(text.requestSent, { exact: true })).toBeVisible();

        const admin = await freshPage(browser, baseURL);
        await signInAt(admin, DOCS_PAGE.en.path);
        const declined = await admin.request.post(`${ADMIN_API_PREFIX}/decline`, {
          headers: { Origin: new URL(admin.url()).origin },
          data: { email: outsider, reason: 'The project has ended.' },
        });
        expect(declined.status()).toBe(200);
        await admin.context().close();

        await page.reload();
        await waitForHydration(page);
        const answer = page.getByText(text.declined(today(locale), 'The project has ended.'), { exact: true });
        await expect(answer).toBeVisible();
        await expectAbove(reason, answer);
        await expectAbove(answer, specified);
        expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });
        await page.screenshot({ path: `test-results/screens/not-allowed-declined-${locale}-${viewport.width}.png` });

        // Asking again: the new request supersedes the answer to the last one. Once, not in every
        // language and width: requests for access are limited to five in ten minutes an address.
        if (locale !== 'en' || viewport.width !== 1280) return;
        await page.getByLabel(text.requestNote, { exact: true }).fill('The project goes on with a new partner.');
        await page.getByRole('button', { name: text.sendRequest, exact: true }).click();
        await expect(page.getByText(text.requestSent, { exact: true })).toBeVisible();
        await expect(answer).toHaveCount(0);
      });

      test('an ended invitation names its last day in words', async ({ page, consoleErrors }) => {
        consoleErrors.allow(REFUSED_SESSION);
        consoleErrors.allow(/status of 400 \(Bad Request\)/);
        const guest = await createAccountLike('former.partner@example.org');
        await updateAccount(guest, {
          claims: {
            invitation: { email: guest, until: '2026-01-31', by: 'ana.torres@uai.cl', at: '2025-11-05T10:00Z' },
          },
        });
        await page.goto(`${prefix}/signin`);
        await waitForHydration(page);
        await submitSignIn(page, locale, guest, DEMO_PASSWORD);
        await expect(
          page.getByText(
            `${signIn.signedInAs(guest)} ${signIn.invitationEnded(text.date(31, text.months[0]!, 2026))}`,
            {
              exact: true,
            },
          ),
        ).toBeVisible();
      });

      test('signing out says it ends the sessions on every device and every connected assistant', async ({ page }) => {
        await signInAt(page, docs.path, await createAccountLike('diego.rojas@alumnos.uai.cl'));
        await page.goto(`${prefix}/logOut`);
        await expect(page.getByRole('status')).toContainText(text.signedOut);
        await expect(page.getByText(text.signedOut, { exact: true })).toBeVisible();
        // The sign-in page after a sign-out: its card as wide as when it stands alone.
        await page.goto(`${prefix}${SIGN_IN_PATH}?${SESSION_END_PARAMETER}=signed-out`);
        await waitForHydration(page);
        await expect(page.locator('section[data-ended="signed-out"]')).toBeVisible();
        await expectCardWidth(page, viewport.width);
        await page.screenshot({ path: `test-results/screens/signed-out-card-${locale}-${viewport.width}.png` });
        expect(await (await page.request.get('/api/session')).json()).toEqual({ active: false });
        expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });
      });

      test('an identity provider that cannot be reached is said so, with when to try again', async ({
        page,
        consoleErrors,
      }) => {
        consoleErrors.allow(/net::ERR_FAILED/);
        await page.goto(signInWith(locale, docs.path));
        await waitForHydration(page);
        await page.route(/identitytoolkit\.googleapis\.com/, (route) => route.abort('failed'));
        await submitSignIn(page, locale, 'diego.rojas@alumnos.uai.cl', DEMO_PASSWORD);
        await expect(page.getByRole('alert')).toHaveText(text.unreachable);
        expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });
      });

      test('the second step names the phone by its last digits, and offers nothing else', async ({
        page,
        consoleErrors,
      }) => {
        // The emulator does not implement the reCAPTCHA Enterprise config lookup the SDK tries first.
        consoleErrors.allow(/status of 501 \(Not Implemented\).*recaptchaConfig/);
        const digits = String(Math.floor(Math.random() * 1e4)).padStart(4, '0');
        const account = {
          email: `second.step.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@uai.cl`,
          phone: `+56955${String(Math.floor(Math.random() * 100)).padStart(2, '0')}${digits}`,
        };
        await createAccount({ ...account, emailVerified: true });
        await page.goto(signInWith(locale, docs.path));
        await waitForHydration(page);
        await submitSignIn(page, locale, account.email, DEMO_PASSWORD);
        await expect(page.getByLabel(text.code, { exact: true })).toBeFocused();
        await expect(page.locator('#sign-in-title')).toHaveText(
          locale === 'es' ? 'Ingrese el código de su teléfono' : 'Enter the code from your phone',
        );
        await expect(page.getByText(text.codeSent(digits), { exact: true })).toBeVisible();
        await expect(page.getByTestId('sign-in-next')).toHaveCount(0);
        await expect(page.locator('main')).not.toContainText('*');
        await expect.poll(async () => latestSmsCode(account.phone)).not.toBeNull();
        expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });
      });
    });
  }

  test.describe(`the consent page (${locale})`, () => {
    // The browser's language picks the language the authorization server sends the member to.
    test.use({ locale: locale === 'es' ? 'es-CL' : 'en-US' });

    for (const viewport of VIEWPORTS) {
      test(`its heading takes focus without a frame, after a sign-in that named where it leads, and it names a loopback return plainly (${viewport.name})`, async ({
        page,
        baseURL,
      }) => {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        const callback = 'http://127.0.0.1:9/callback';
        await startAuthorization(page, baseURL!, 'Sign-in page assistant', callback);
        await expect(page).toHaveURL(new RegExp(`^${literal(baseURL!)}${prefix}/signin\\?next=`));
        await waitForHydration(page);
        await expect(page.getByTestId('sign-in-next')).toHaveText(text.goesOnTo(text.connect));
        await submitSignIn(page, locale, await createAccountLike('diego.rojas@alumnos.uai.cl'), DEMO_PASSWORD);
        const heading = page.getByRole('heading', { level: 1, name: text.consent, exact: true });
        await expect(heading).toBeFocused({ timeout: 15_000 });
        await expect(heading).toHaveCSS('outline-style', 'none');
        // A loopback return address is named as what it is: a program on the member's own computer.
        // Its address and port wait in a closed disclosure, for the member who wants them.
        const returns = page.locator('dd').filter({ hasText: text.returnsTo });
        const details = returns.locator('details');
        await expect(details).not.toHaveAttribute('open');
        await expect(details.locator('summary')).toHaveText(new RegExp(`^${text.details}$`));
        await expect(returns.locator(':scope > :not(details)')).toHaveCount(0);
        expect(await returns.evaluate((dd) => dd.firstChild?.textContent?.trim())).toBe(text.returnsTo);
        await expect(details.locator('code')).toBeHidden();
        await details.locator('summary').click();
        await expect(details.locator(':scope > :not(summary)')).toHaveText(new RegExp(`^${literal(text.address)}$`));
        expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });
        await expect(page.getByText(text.losesAccess, { exact: true })).toBeVisible();
        await page.screenshot({ path: `test-results/screens/consent-${locale}-${viewport.width}.png` });
      });
    }
  });
}
