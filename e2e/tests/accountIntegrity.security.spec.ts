import type { Browser, Page } from '@playwright/test';
import { EMULATOR_HOST } from '../../scripts/authEmulator.mjs';
import { REFUSED_SESSION, expect, test, waitForHydration } from './fixtures';
import { serveGapiStandIn } from './gapiStandIn';
import {
  DOCS_PAGE,
  SIGN_IN_TEXT,
  expectLinkSent,
  latestLink,
  signInWithPopup,
  submitSignIn,
  type Locale,
} from './auth';

/**
 * An outsider prepares a member's account before the member arrives (a password and a GitHub
 * identity linked to it, through the provider's public API), then the member signs in by link.
 * The member reads; the outsider's password and GitHub end on the sign-in form, with no session.
 */

const OUTSIDER_PASSWORD = 'chosen-by-the-outsider';
const INVALID_CREDENTIAL = {
  en: 'The e-mail address or the password is not correct.',
  es: 'El correo electrónico o la contraseña no son correctos.',
} as const;

const newAddress = (local: string, domain: string) =>
  `${local}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@${domain}`;

async function identityToolkit(method: string, body: object): Promise<Record<string, unknown>> {
  const response = await fetch(`http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/${method}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, method).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

/** What the outsider does with the public API: a password account for the address, and their GitHub identity on it. */
async function prepareAccount(email: string): Promise<void> {
  const { idToken } = await identityToolkit('accounts:signUp', {
    email,
    password: OUTSIDER_PASSWORD,
    returnSecureToken: true,
  });
  await identityToolkit('accounts:signInWithIdp', {
    idToken,
    requestUri: 'http://localhost',
    postBody: `id_token=${encodeURIComponent(JSON.stringify({ sub: `outsider-${email}`, email }))}&providerId=github.com`,
    returnSecureToken: true,
  });
}

async function hasNoSession(page: Page): Promise<void> {
  expect((await page.context().cookies()).filter((cookie) => cookie.name === '__session')).toEqual([]);
  expect(await (await page.request.get('/api/session')).json()).toEqual({ active: false });
}

async function freshPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  return (await browser.newContext({ baseURL })).newPage();
}

for (const locale of ['en', 'es'] as const satisfies readonly Locale[]) {
  const text = SIGN_IN_TEXT[locale];
  const docs = DOCS_PAGE[locale];
  const signInPage = `${locale === 'es' ? '/es' : ''}/signin`;

  test(`a member whose account an outsider prepared signs in by link and reads; the outsider’s ways in are gone (${locale}, security)`, async ({
    page,
    browser,
    baseURL,
    consoleErrors,
  }) => {
    const member = newAddress('prepared.member', 'uai.cl');
    await prepareAccount(member);

    await page.goto(docs.path);
    await waitForHydration(page);
    await page.getByLabel(text.email, { exact: true }).fill(member);
    await page.getByRole('button', { name: text.emailLink, exact: true }).click();
    await expectLinkSent(page, locale, member);
    let link: string | null = null;
    await expect.poll(async () => (link = await latestLink(member)) !== null).toBe(true);
    await page.goto(link!);
    await expect(page).toHaveURL(new RegExp(`^http://[^/]+${docs.path}$`), { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: docs.heading })).toBeVisible();

    const byPassword = await freshPage(browser, baseURL);
    await byPassword.goto(signInPage);
    await waitForHydration(byPassword);
    await submitSignIn(byPassword, locale, member, OUTSIDER_PASSWORD);
    await expect(byPassword.getByRole('alert')).toHaveText(INVALID_CREDENTIAL[locale]);
    await expect(byPassword).toHaveURL(new RegExp(`^http://[^/]+${signInPage}$`));
    await hasNoSession(byPassword);

    consoleErrors.allow(REFUSED_SESSION);
    const byGitHub = await freshPage(browser, baseURL);
    await serveGapiStandIn(byGitHub.context());
    await byGitHub.goto(signInPage);
    await waitForHydration(byGitHub);
    await signInWithPopup(byGitHub, text.github, member);
    await expect(byGitHub.getByRole('alert')).toBeVisible();
    await expect(byGitHub).toHaveURL(new RegExp(`^http://[^/]+${signInPage}$`));
    await expect(byGitHub.getByRole('heading', { level: 1, name: docs.heading })).toHaveCount(0);
    await hasNoSession(byGitHub);

    // The member's own session is untouched by the outsider's attempts.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: docs.heading })).toBeVisible();
  });
}
