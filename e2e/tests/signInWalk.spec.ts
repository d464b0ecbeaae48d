import type { Locator, Page, Request } from '@playwright/test';
import { violationsInBothThemes } from './axe';
import { REFUSED_SESSION, expect, linesOf, literal, test, waitForHydration } from './fixtures';
import {
  createAccount,
  createAccountLike,
  DEMO_PASSWORD,
  DOCS_PAGE,
  expectLinkSent,
  latestLink,
  prefixOf,
  SIGN_IN_TEXT,
  signInAt,
  signInWith,
  submitSignIn,
  VIEWPORTS,
} from './auth';

/**
 * Every sign-in form that takes an address checks it itself before anything is sent: an empty,
 * malformed or dotless-domain address, and an empty password, are said under their field in the
 * site's words (never in the browser's bubble), and focus goes to the first field in error. The
 * second step's heading and buttons, and the account menu's address that breaks only after its
 * "@". Both languages, on a wide screen and on a phone.
 */
const TEXT = {
  en: {
    emptyAddress: 'Enter your e-mail address.',
    notAnAddress: 'That is not an e-mail address: type it whole, such as ana.torres@uai.cl.',
    noDomain: 'Check the address: it needs a domain such as uai.cl after the @.',
    otherBrowser:
      'You opened this link in a different browser from the one you asked from; to protect your account, type the address the link was sent to.',
    emptyPassword: 'Enter your password.',
    codeTitle: 'Enter the code from your phone',
    verify: 'Verify',
    resendCode: 'Send a new code',
    cancelCode: 'Cancel and sign in another way',
    anotherAddress: 'Sign in with another address',
    account: 'Account',
    code: 'Verification code',
  },
  es: {
    emptyAddress: 'Escriba su dirección de correo electrónico.',
    notAnAddress: 'Esa no es una dirección de correo electrónico: escríbala completa, por ejemplo ana.torres@uai.cl.',
    noDomain: 'Revise la dirección: después de la @ debe ir un dominio, como uai.cl.',
    otherBrowser:
      'Abrió este enlace en un navegador distinto del que usó para pedirlo; para proteger su cuenta, escriba la dirección a la que se envió el enlace.',
    emptyPassword: 'Escriba su contraseña.',
    codeTitle: 'Ingrese el código de su teléfono',
    verify: 'Verificar',
    resendCode: 'Enviar un código nuevo',
    cancelCode: 'Cancelar e iniciar sesión de otra forma',
    anotherAddress: 'Inicie sesión con otra dirección',
    account: 'Cuenta',
    code: 'Código de verificación',
  },
} as const;

/** The address the walk typed: a domain with no dot. */
const DOTLESS = 'ana.torres@uai';

// axe is injected into the page, which the site's Content-Security-Policy would refuse.
test.use({ bypassCSP: true });

/**
 * Submits `form` with `click` and expects `field`'s own error under it with `message`, the field
 * marked invalid and described by it, focus on `focused`, and no request sent meanwhile.
 */
async function expectRefused(
  page: Page,
  { field, message, submit, focused = field }: { field: Locator; message: string; submit: Locator; focused?: Locator },
): Promise<void> {
  // Requests to the identity provider or the site's API: none may leave for a refused form.
  const sent: string[] = [];
  const onRequest = (request: Request) => {
    if (/identitytoolkit|securetoken|\/api\//.test(request.url())) sent.push(`${request.method()} ${request.url()}`);
  };
  page.on('request', onRequest);
  await submit.click();
  const id = await field.getAttribute('id');
  const error = page.locator(`#${id}-error`);
  await expect(error).toHaveText(message);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAttribute('aria-describedby', new RegExp(`(^| )${id}-error( |$)`));
  await expect(focused).toBeFocused();
  const [box, under] = [await field.boundingBox(), await error.boundingBox()];
  expect(box!.y + box!.height).toBeLessThanOrEqual(under!.y);
  // Time for a request that would have left to show up.
  await page.waitForTimeout(300);
  page.off('request', onRequest);
  expect(sent).toEqual([]);
}

/** Whether the browser's own check would stop the form: the site's form checks itself instead. */
const noValidateOf = (field: Locator) => field.evaluate((input) => (input as HTMLInputElement).form?.noValidate);

for (const locale of ['en', 'es'] as const) {
  const text = TEXT[locale];
  const signIn = SIGN_IN_TEXT[locale];
  const docs = DOCS_PAGE[locale];

  for (const viewport of VIEWPORTS) {
    test.describe(`${locale}, ${viewport.name}`, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height } });

      test('the sign-in page’s forms check the address and the password themselves, under the field, before sending anything', async ({
        page,
      }) => {
        await page.goto(signInWith(locale, docs.path));
        await waitForHydration(page);
        const email = page.getByLabel(signIn.email, { exact: true });
        const emailLink = page.getByRole('button', { name: signIn.emailLink, exact: true });
        expect(await noValidateOf(email)).toBe(true);

        await expectRefused(page, { field: email, message: text.emptyAddress, submit: emailLink });
        await email.fill('ana.torres');
        await expectRefused(page, { field: email, message: text.notAnAddress, submit: emailLink });
        await email.fill(DOTLESS);
        await expectRefused(page, { field: email, message: text.noDomain, submit: emailLink });
        expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });
        await page.screenshot({ path: `test-results/screens/walk-link-form-${locale}-${viewport.width}.png` });

        await page.getByRole('button', { name: signIn.usePassword, exact: true }).click();
        const password = page.getByLabel(signIn.password, { exact: true });
        const submit = page.getByRole('button', { name: signIn.submit, exact: true });
        expect(await noValidateOf(password)).toBe(true);
        await email.fill('');
        // Both fields empty: both say so, and focus goes to the first.
        await expectRefused(page, { field: email, message: text.emptyAddress, submit });
        await expect(page.locator('#sign-in-password-error')).toHaveText(text.emptyPassword);
        await expect(password).toHaveAttribute('aria-invalid', 'true');

        await email.fill(DOTLESS);
        await password.fill(DEMO_PASSWORD);
        await expectRefused(page, { field: email, message: text.noDomain, submit });
        await expect(password).not.toHaveAttribute('aria-invalid');

        await email.fill('diego.rojas@alumnos.uai.cl');
        await password.fill('');
        await expectRefused(page, { field: password, message: text.emptyPassword, submit });
        await expect(email).not.toHaveAttribute('aria-invalid');
        expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });
        await page.screenshot({ path: `test-results/screens/walk-password-form-${locale}-${viewport.width}.png` });
      });

      test('the ‘Not allowed’ form for another address refuses a domain without a dot before sending anything', async ({
        page,
        consoleErrors,
      }) => {
        consoleErrors.allow(REFUSED_SESSION);
        const outsider = await createAccountLike('visitor@example.org');
        await page.goto(signInWith(locale, docs.path));
        await waitForHydration(page);
        await submitSignIn(page, locale, outsider, DEMO_PASSWORD);
        const form = page.locator('section[aria-labelledby="sign-in-title"]');
        await expect(form.getByRole('heading', { level: 2, name: text.anotherAddress, exact: true })).toBeVisible();
        const email = form.getByLabel(signIn.email, { exact: true });
        await email.fill(DOTLESS);
        await expectRefused(page, {
          field: email,
          message: text.noDomain,
          submit: form
            .getByRole('button', { name: signIn.submit, exact: true })
            .or(form.getByRole('button', { name: signIn.emailLink, exact: true })),
        });
        expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });
        await page.screenshot({ path: `test-results/screens/walk-not-allowed-${locale}-${viewport.width}.png` });
      });

      test('a link opened in another browser, and a new link for a damaged one, check the address before sending anything', async ({
        page,
        browser,
        baseURL,
      }) => {
        const address = `elsewhere.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@uai.cl`;
        await page.goto(signInWith(locale, docs.path));
        await waitForHydration(page);
        await page.getByLabel(signIn.email, { exact: true }).fill(address);
        await page.getByRole('button', { name: signIn.emailLink, exact: true }).click();
        await expectLinkSent(page, locale, address);
        let link: string | null = null;
        await expect.poll(async () => (link = await latestLink(address))).not.toBeNull();

        const context = await browser.newContext({
          baseURL,
          viewport: { width: viewport.width, height: viewport.height },
        });
        const other = await context.newPage();
        await other.goto(link!);
        await expect(other.getByRole('heading', { level: 1, name: signIn.confirmTitle, exact: true })).toBeVisible();
        // Why the address is asked for again, in the reader's terms.
        await expect(other.locator('section[aria-labelledby="link-confirm-title"] > p').first()).toHaveText(
          new RegExp(`^${literal(text.otherBrowser)}$`),
        );
        const email = other.getByLabel(signIn.email, { exact: true });
        const submit = other.getByRole('button', { name: signIn.continue, exact: true });
        expect(await noValidateOf(email)).toBe(true);
        await expectRefused(other, { field: email, message: text.emptyAddress, submit });
        await email.fill(DOTLESS);
        await expectRefused(other, { field: email, message: text.noDomain, submit });
        expect(await violationsInBothThemes(other)).toEqual({ light: [], dark: [] });
        await other.screenshot({ path: `test-results/screens/walk-link-confirm-${locale}-${viewport.width}.png` });
        // The link still works with the right address: nothing was spent on the refused one.
        await email.fill(address);
        await submit.click();
        await expect(other).toHaveURL(new RegExp(`^http://[^/]+${docs.path}$`), { timeout: 15_000 });
        await context.close();

        // A link cut short: the form that sends a new one checks the address too.
        await page.goto(`${prefixOf(locale)}/signin?mode=signIn&next=${encodeURIComponent(docs.path)}`);
        await waitForHydration(page);
        const resend = page.getByLabel(signIn.email, { exact: true });
        await expect(page.getByRole('button', { name: signIn.sendNew, exact: true })).toBeVisible();
        await resend.fill(DOTLESS);
        await expectRefused(page, {
          field: resend,
          message: text.noDomain,
          submit: page.getByRole('button', { name: signIn.sendNew, exact: true }),
        });
      });

      test('the second step is headed by what to do, and its three buttons are full width, 0.5rem apart, the primary first', async ({
        page,
        consoleErrors,
      }) => {
        // The emulator does not implement the reCAPTCHA Enterprise config lookup the SDK tries first.
        consoleErrors.allow(/status of 501 \(Not Implemented\).*recaptchaConfig/);
        const account = {
          email: `code.step.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@uai.cl`,
          phone: `+569551${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`,
        };
        await createAccount({ ...account, emailVerified: true });
        await page.goto(signInWith(locale, docs.path));
        await waitForHydration(page);
        await submitSignIn(page, locale, account.email, DEMO_PASSWORD);
        const code = page.getByLabel(text.code, { exact: true });
        await expect(code).toBeFocused();
        await expect(page.locator('#sign-in-title')).toHaveText(text.codeTitle);

        const card = page.locator('section[aria-labelledby="sign-in-title"]');
        const buttons = [text.verify, text.resendCode, text.cancelCode].map((name) =>
          card.getByRole('button', { name, exact: true }),
        );
        await expect(buttons[0]!).toHaveClass(/\bbutton--primary\b/);
        const field = (await code.boundingBox())!;
        const boxes = await Promise.all(buttons.map(async (button) => (await button.boundingBox())!));
        for (const box of boxes) {
          expect(Math.round(box.x)).toBe(Math.round(field.x));
          expect(Math.round(box.width)).toBe(Math.round(field.width));
        }
        const rem = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
        for (let index = 1; index < boxes.length; index += 1) {
          const gap = boxes[index]!.y - (boxes[index - 1]!.y + boxes[index - 1]!.height);
          expect(Math.round(gap)).toBe(Math.round(0.5 * rem));
        }
        expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });
        await page.screenshot({ path: `test-results/screens/walk-code-step-${locale}-${viewport.width}.png` });
      });

      test('the account menu shows a long address whole, breaking it only after the @', async ({ page }) => {
        const local = `maria.jose.${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`
          .padEnd(30, 'x')
          .slice(0, 30);
        const email = `${local}@alumnos.uai.cl`;
        await createAccount({ email, emailVerified: true });
        await signInAt(page, docs.path, email);
        const header = page.locator('.navbar__inner');
        await header.getByRole('button', { name: new RegExp(`^${text.account} \\w+: `) }).click();
        const shown = header.getByTestId('account-email');
        await expect(shown).toHaveText(email);
        expect(await linesOf(shown, 'alumnos.uai.cl'), 'the domain on one line').toBe(1);
        expect(await linesOf(shown, `${local}@`), 'the name and its @ on one line').toBe(1);
        const panel = (await shown.locator('xpath=..').boundingBox())!;
        const rem = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
        expect(panel.width).toBeLessThanOrEqual(22 * rem);
        expect(panel.x).toBeGreaterThanOrEqual(0);
        expect(panel.x + panel.width).toBeLessThanOrEqual(viewport.width);
        // Wider than the 14rem the menu had, whatever the address.
        expect(panel.width).toBeGreaterThan(14 * rem + 1);
        await page.screenshot({ path: `test-results/screens/walk-account-menu-${locale}-${viewport.width}.png` });
        expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });
      });
    });
  }
}
