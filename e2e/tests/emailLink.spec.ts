import type { Browser, Page } from '@playwright/test';
import { REFUSED_SESSION, expect, test, waitForHydration } from './fixtures';
import { serveGapiStandIn } from './gapiStandIn';
import {
  createAccount,
  createAccountLike,
  expectLinkSent,
  updateAccount,
  DEMO_PASSWORD,
  DOCS_PAGE,
  SIGN_IN_TEXT,
  latestLink,
  signInWithPopup,
  submitSignIn,
  type Locale,
} from './auth';

/** A new address nobody has used: no account exists for it yet. */
const newAddress = (local: string, domain: string) =>
  `${local}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@${domain}`;

/** The link the emulator recorded for the address (it sends no e-mail), once it exists. */
async function linkFor(email: string, other?: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(async () => {
      link = await latestLink(email);
      return link !== null && link !== other;
    })
    .toBe(true);
  return link!;
}

/** Opens a docs page signed out, and asks the sign-in form it leads to for a link. */
async function askForLink(page: Page, locale: Locale, email: string): Promise<string> {
  const text = SIGN_IN_TEXT[locale];
  await page.goto(DOCS_PAGE[locale].path);
  await expect(page).toHaveURL(
    new RegExp(
      `^http://[^/]+${locale === 'es' ? '/es' : ''}/signin\\?next=${encodeURIComponent(DOCS_PAGE[locale].path)}$`,
    ),
  );
  await waitForHydration(page);
  await page.getByLabel(text.email, { exact: true }).fill(email);
  await page.getByRole('button', { name: text.emailLink, exact: true }).click();
  await expectLinkSent(page, locale, email);
  return linkFor(email);
}

async function sessionCookies(page: Page) {
  return (await page.context().cookies()).filter((cookie) => cookie.name === '__session');
}

async function freshPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

for (const locale of ['en', 'es'] as const satisfies readonly Locale[]) {
  const text = SIGN_IN_TEXT[locale];
  const docs = DOCS_PAGE[locale];

  test.describe(`sign-in link (${locale})`, () => {
    test(
      'a brand-new university address asks for a link on a docs page and reads that page',
      { tag: '@hosting' },
      async ({ page }) => {
        const email = newAddress('new.student', 'alumnos.uai.cl');
        const link = await askForLink(page, locale, email);
        await page.goto(link);
        await expect(page).toHaveURL(new RegExp(`^http://[^/]+${docs.path}$`), { timeout: 15_000 });
        await expect(page.getByRole('heading', { level: 1, name: docs.heading })).toBeVisible();
        expect(await sessionCookies(page)).toHaveLength(1);
      },
    );

    for (const [who, domain] of [
      ['a brand-new outsider', 'example.org'],
      ['a look-alike domain', 'uai.cl.evil.example'],
    ] as const) {
      test(`${who} follows the link and ends on Not allowed, with no session`, async ({ page, consoleErrors }) => {
        consoleErrors.allow(REFUSED_SESSION);
        const email = newAddress('newcomer', domain);
        await page.goto(await askForLink(page, locale, email));
        await expect(page.getByText(text.notAllowed)).toBeVisible();
        await expect(page.getByText(`${text.signedInAs(email)} ${text.notAdmitted}`)).toBeVisible();
        expect(await sessionCookies(page)).toEqual([]);
        expect((await page.request.get('/api/session')).status()).toBe(200);
        expect(await (await page.request.get('/api/session')).json()).toEqual({ active: false });
        // The link's one-time code is gone from the address bar.
        await expect(page).toHaveURL(
          new RegExp(`^http://[^/]+${locale === 'es' ? '/es' : ''}/signin\\?next=${encodeURIComponent(docs.path)}$`),
        );
      });
    }

    test('a link opened in another browser asks for the address, and refuses any other', async ({
      page,
      browser,
      baseURL,
    }) => {
      const email = newAddress('elsewhere', 'uai.cl');
      const link = await askForLink(page, locale, email);
      const other = await freshPage(browser, baseURL);
      await other.goto(link);
      await expect(other.getByRole('heading', { name: text.confirmTitle })).toBeVisible();
      await other.getByLabel(text.email, { exact: true }).fill(newAddress('someone.else', 'uai.cl'));
      await other.getByRole('button', { name: text.continue, exact: true }).click();
      await expect(other.getByRole('alert')).toHaveText(text.otherAddress);
      expect(await sessionCookies(other)).toEqual([]);
      await other.getByLabel(text.email, { exact: true }).fill(email);
      await other.getByRole('button', { name: text.continue, exact: true }).click();
      await expect(other).toHaveURL(new RegExp(`^http://[^/]+${docs.path}$`), { timeout: 15_000 });
      await expect(other.getByRole('heading', { level: 1, name: docs.heading })).toBeVisible();
      await other.context().close();
    });

    test('a used link says so and sends a new one', async ({ page, browser, baseURL }) => {
      const email = newAddress('twice', 'alumnos.uai.cl');
      const link = await askForLink(page, locale, email);
      await page.goto(link);
      await expect(page).toHaveURL(new RegExp(`^http://[^/]+${docs.path}$`), { timeout: 15_000 });

      const again = await freshPage(browser, baseURL);
      await again.goto(link);
      await again.getByLabel(text.email, { exact: true }).fill(email);
      await again.getByRole('button', { name: text.continue, exact: true }).click();
      await expect(again.getByRole('alert')).toHaveText(text.used);
      await again.getByRole('button', { name: text.sendNew, exact: true }).click();
      await expectLinkSent(again, locale, email);
      const fresh = await linkFor(email, link);
      await again.goto(fresh);
      await expect(again).toHaveURL(new RegExp(`^http://[^/]+${docs.path}$`), { timeout: 15_000 });
      await again.context().close();
    });

    test('the university-account button signs a university account in and refuses an outside one', async ({
      page,
      context,
      consoleErrors,
    }) => {
      consoleErrors.allow(REFUSED_SESSION);
      await serveGapiStandIn(context);
      await page.goto(docs.path);
      await waitForHydration(page);
      const member = newAddress('sso.staff', 'uai.cl');
      await signInWithPopup(page, text.university, member);
      await expect(page).toHaveURL(new RegExp(`^http://[^/]+${docs.path}$`), { timeout: 15_000 });
      await expect(page.getByTestId('account-email')).toHaveText(member);

      const outsider = await page
        .context()
        .browser()!
        .newContext({ baseURL: new URL(page.url()).origin });
      const outside = await outsider.newPage();
      await serveGapiStandIn(outsider);
      await outside.goto(docs.path);
      await waitForHydration(outside);
      const stranger = newAddress('someone', 'gmail.example');
      await signInWithPopup(outside, text.university, stranger);
      await expect(outside.getByText(text.notAllowed)).toBeVisible();
      await expect(outside.getByText(`${text.signedInAs(stranger)} ${text.notAdmitted}`)).toBeVisible();
      expect(await sessionCookies(outside)).toEqual([]);
      await outsider.close();
    });
  });
}

test('an account someone else made with a member’s address and a password no longer opens with that password once the member signs in by link', async ({
  page,
  browser,
  baseURL,
  consoleErrors,
}) => {
  const email = newAddress('pre.created', 'alumnos.uai.cl');
  // Made as anybody could make it, with a password, before its owner proved the mailbox.
  await createAccount({ email, emailVerified: false, secured: false });
  const link = await askForLink(page, 'en', email);
  await page.goto(link);
  await expect(page).toHaveURL(new RegExp(`^http://[^/]+${DOCS_PAGE.en.path}$`), { timeout: 15_000 });

  consoleErrors.allow(/identitytoolkit.*signInWithPassword|status of 400/);
  const other = await freshPage(browser, baseURL);
  await other.goto('/signin');
  await waitForHydration(other);
  await submitSignIn(other, 'en', email, DEMO_PASSWORD);
  await expect(other.getByRole('alert')).toHaveText('The e-mail address or the password is not correct.');
  expect(await sessionCookies(other)).toEqual([]);
  await other.context().close();
});

for (const locale of ['en', 'es'] as const satisfies readonly Locale[]) {
  test(`a guest whose invitation ended, and a suspended member, are told why (${locale})`, async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(REFUSED_SESSION);
    consoleErrors.allow(/identitytoolkit.*status of 400|status of 400 \(Bad Request\)/);
    const prefix = locale === 'es' ? '/es' : '';
    const guest = await createAccountLike('former.partner@example.org');
    const until = '2026-01-31';
    await updateAccount(guest, {
      claims: { invitation: { email: guest, until, by: 'ana.torres@uai.cl', at: '2026-01-05T10:00:00Z' } },
    });
    await page.goto(`${prefix}/signin`);
    await waitForHydration(page);
    await submitSignIn(page, locale, guest, DEMO_PASSWORD);
    await expect(
      page.getByText(
        `${SIGN_IN_TEXT[locale].signedInAs(guest)} ${SIGN_IN_TEXT[locale].invitationEnded(locale === 'es' ? '31 de enero de 2026' : '31 January 2026')}`,
      ),
    ).toBeVisible();
    expect(await sessionCookies(page)).toEqual([]);

    const member = await createAccountLike('diego.rojas@alumnos.uai.cl');
    await updateAccount(member, { disabled: true });
    await submitSignIn(page, locale, member, DEMO_PASSWORD);
    await expect(page.getByRole('alert')).toHaveText(SIGN_IN_TEXT[locale].suspended);
    expect(await sessionCookies(page)).toEqual([]);
  });
}
