import { REFUSED_SESSION, expect, test, waitForHydration } from './fixtures';
import { serveGapiStandIn } from './gapiStandIn';
import {
  DEMO_ACCOUNTS,
  createAccountLike,
  expectLinkSent,
  DEMO_PASSWORD,
  DOCS_PAGE,
  SIGN_IN_TEXT,
  latestLink,
  latestSmsCode,
  sentEmails,
  signInWithGitHubPopup,
  signInAt,
  signOutFromNavbar,
  submitSignIn,
  type Locale,
} from './auth';

const ALLOWED = new Set(['ana.torres@uai.cl', 'diego.rojas@alumnos.uai.cl', 'guest.reader@example.com']);

for (const locale of ['en', 'es'] as const satisfies readonly Locale[]) {
  const docs = DOCS_PAGE[locale];
  const text = SIGN_IN_TEXT[locale];

  test.describe(`members' documentation (${locale})`, () => {
    test(
      'a signed-out reader asking for a docs page gets the sign-in form, not the page',
      { tag: '@hosting' },
      async ({ page }) => {
        const response = await page.goto(docs.path);
        expect(response?.status()).toBe(200);
        await expect(page).toHaveURL(
          new RegExp(`${locale === 'es' ? '/es' : ''}/signin\\?next=${encodeURIComponent(docs.path)}$`),
        );
        await expect(page.getByRole('heading', { name: text.title })).toBeVisible();
        const centre = locale === 'es' ? 'Centro de Sistemas Confiables UAI' : 'UAI Trustworthy Systems Centre';
        await expect(page.locator('section').getByText(centre, { exact: true })).toBeVisible();
        await expect(page.getByLabel(text.email, { exact: true })).toHaveAttribute('type', 'email');
        await expect(page.getByLabel(text.email, { exact: true })).toHaveAttribute('required', '');
        // The link is the way in; the password form waits behind its button.
        await expect(page.getByLabel(text.password, { exact: true })).toHaveCount(0);
        await page.getByRole('button', { name: text.usePassword, exact: true }).click();
        await expect(page.getByLabel(text.password, { exact: true })).toHaveAttribute('required', '');
        await expect(page.getByRole('button', { name: text.github })).toBeVisible();
      },
    );

    for (const account of DEMO_ACCOUNTS.filter((candidate) => !candidate.phone)) {
      const isAllowed = ALLOWED.has(account.email);
      test(
        `${account.role} (${account.email}) ${isAllowed ? 'reads the page asked for' : 'sees Not allowed with the form'}`,
        { tag: '@hosting' },
        async ({ page, consoleErrors }) => {
          if (!isAllowed) consoleErrors.allow(REFUSED_SESSION);
          await page.goto(docs.path);
          await waitForHydration(page);
          await submitSignIn(page, locale, account.email, DEMO_PASSWORD);
          if (isAllowed) {
            await expect(page).toHaveURL(new RegExp(`${docs.path}$`));
            await expect(page.getByRole('heading', { level: 1, name: docs.heading })).toBeVisible();
            await expect(page.getByTestId('account-email')).toHaveText(account.email);
          } else {
            await expect(page.getByText(text.notAllowed)).toBeVisible();
            await expect(page.getByLabel(text.email, { exact: true })).toBeVisible();
            await expect(
              page.getByRole('link', { name: locale === 'es' ? 'Ir al inicio' : 'Go Home' }),
            ).toHaveAttribute('href', locale === 'es' ? '/es/' : '/');
            expect((await page.request.get(docs.path, { maxRedirects: 0 })).status()).toBe(302);
          }
        },
      );
    }

    test('a member sees the page the server sent before any script runs: no overlay, nothing hidden', async ({
      page,
      browser,
    }) => {
      await page.goto(docs.path);
      await waitForHydration(page);
      await submitSignIn(page, locale, 'ana.torres@uai.cl', DEMO_PASSWORD);
      await expect(page).toHaveURL(new RegExp(`${docs.path}$`));
      const withoutScripts = await browser.newContext({ javaScriptEnabled: false });
      try {
        await withoutScripts.addCookies(await page.context().cookies());
        const plain = await withoutScripts.newPage();
        expect((await plain.goto(docs.path))?.status()).toBe(200);
        await expect(plain.getByRole('heading', { level: 1, name: docs.heading })).toBeVisible();
        // No status says anything (the checking overlay would); the copy button's empty live region is silent.
        await expect(plain.getByRole('status').filter({ hasText: /\S/ })).toHaveCount(0);
      } finally {
        await withoutScripts.close();
      }
    });

    test('a wrong password shows a red message announced to screen readers', async ({ page, consoleErrors }) => {
      consoleErrors.allow(/status of 400 \(Bad Request\).*identitytoolkit|accounts:signInWithPassword/);
      await page.goto(docs.path);
      await waitForHydration(page);
      await submitSignIn(page, locale, 'ana.torres@uai.cl', 'not-the-password');
      const alert = page.getByRole('alert');
      await expect(alert).toHaveText(
        locale === 'es'
          ? /^El correo electrónico o la contraseña no son correctos\.$/
          : /^The e-mail address or the password is not correct\.$/,
      );
      const colour = await alert.evaluate((element) => getComputedStyle(element).color);
      expect(colour).toBe('rgb(179, 38, 30)');
    });
  });
}

test('the second-factor account gets in with its SMS code', { tag: '@hosting' }, async ({ page, consoleErrors }) => {
  // The emulator does not implement the reCAPTCHA Enterprise config lookup the SDK tries first.
  consoleErrors.allow(/status of 501 \(Not Implemented\).*recaptchaConfig/);
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.phone)!;
  await page.goto(DOCS_PAGE.en.path);
  await waitForHydration(page);
  await submitSignIn(page, 'en', account.email, DEMO_PASSWORD);
  const codeField = page.getByLabel('Verification code');
  await expect(codeField).toBeVisible();
  let code: string | null = null;
  await expect.poll(async () => (code = await latestSmsCode(account.phone!))).not.toBeNull();
  await codeField.fill(code!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(new RegExp(`${DOCS_PAGE.en.path}$`));
  await expect(page.getByRole('heading', { level: 1, name: DOCS_PAGE.en.heading })).toBeVisible();
});

test('signing out from the navbar ends access, in this tab and the next request of any other', async ({
  page,
  context,
}) => {
  await page.goto(DOCS_PAGE.en.path);
  await waitForHydration(page);
  await submitSignIn(page, 'en', await createAccountLike('ana.torres@uai.cl'), DEMO_PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: DOCS_PAGE.en.heading })).toBeVisible();
  const other = await context.newPage();
  await other.goto('/docs/IntrusionSentinel/usage/monitoring');
  await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
  // The form shows once the provider has signed out; the server's session ends with the DELETE.
  const ended = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/session' && response.request().method() === 'DELETE',
  );
  await signOutFromNavbar(page);
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  expect((await ended).status()).toBe(204);
  await other.goto('/docs/IntrusionSentinel/usage/monitoring');
  await expect(other).toHaveURL(/\/signin\?next=/);
});

test('/logOut signs the reader out and says so', async ({ page }) => {
  await page.goto('/signin');
  await waitForHydration(page);
  await submitSignIn(page, 'en', await createAccountLike('diego.rojas@alumnos.uai.cl'), DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/docs\/documentation\/firebase-auth-setup$/);
  await page.goto('/logOut');
  await expect(page.getByText('You have signed out.')).toBeVisible();
  expect((await page.request.get(DOCS_PAGE.en.path, { maxRedirects: 0 })).status()).toBe(302);
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign in' })).toBeVisible();
});

test('in-site navigation to the docs by a signed-out reader goes to sign-in without a failed request or reload loop', async ({
  page,
}) => {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  await page.goto('/');
  await waitForHydration(page);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Documentation', exact: true })
    .click();
  await expect(page).toHaveURL(/\/signin\?next=%2Fdocs%2Fdocumentation%2Ffirebase-auth-setup$/);
  await waitForHydration(page);
  await submitSignIn(page, 'en', 'diego.rojas@alumnos.uai.cl', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/docs\/documentation\/firebase-auth-setup$/);
  await page.getByRole('link', { name: 'Intrusion Sentinel' }).first().click();
  await expect(page).toHaveURL(/\/docs\/category\/intrusion-sentinel$/);
  expect(failed).toEqual([]);
});

test('a first GitHub sign-in with a university address proves nothing of the mailbox: a sign-in link does, then the reader reads', async ({
  page,
  context,
  consoleErrors,
}) => {
  consoleErrors.allow(REFUSED_SESSION);
  await serveGapiStandIn(context);
  await page.goto(DOCS_PAGE.en.path);
  await waitForHydration(page);
  const email = `octo.student.${Date.now().toString(36)}@alumnos.uai.cl`;
  await signInWithGitHubPopup(page, email);
  await expect(page.getByText(SIGN_IN_TEXT.en.notAllowed)).toBeVisible();
  await expect(page.getByText(`You are signed in as ${email}. ${SIGN_IN_TEXT.en.unsecured}`)).toBeVisible();
  await page.getByRole('button', { name: 'E-mail a sign-in link to this address', exact: true }).click();
  let link: string | null = null;
  await expect.poll(async () => (link = await latestLink(email)) !== null).toBe(true);
  await page.goto(link!);
  await expect(page).toHaveURL(new RegExp(`${DOCS_PAGE.en.path}$`), { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: DOCS_PAGE.en.heading })).toBeVisible();
  await expect(page.getByTestId('account-email')).toHaveText(email);
});

test('a GitHub account with an outside address sees Not allowed', async ({ page, context, consoleErrors }) => {
  consoleErrors.allow(REFUSED_SESSION);
  await serveGapiStandIn(context);
  await page.goto('/signin');
  await waitForHydration(page);
  await signInWithGitHubPopup(page, 'octocat@github.example');
  await expect(page.getByText(SIGN_IN_TEXT.en.notAllowed)).toBeVisible();
  await expect(page.getByText('You are signed in as octocat@github.example.')).toBeVisible();
});

test('a public page loads no identity-provider code until the reader needs it', async ({ page }) => {
  const scripts: string[] = [];
  const hosts = new Set<string>();
  page.on('request', (request) => hosts.add(new URL(request.url()).host));
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.push(await response.text());
  });
  await page.goto('/labs');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Projects', exact: true }).first().hover();
  await page.waitForLoadState('networkidle');
  expect([...hosts].filter((host) => host.includes('9099') || host.includes('googleapis'))).toEqual([]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const body of scripts) expect(body).not.toContain('identitytoolkit');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  // The sign-in page too, until the reader turns to its form.
  expect(scripts.some((body) => body.includes('identitytoolkit'))).toBe(false);
  await page.getByLabel(SIGN_IN_TEXT.en.email, { exact: true }).focus();
  await expect.poll(() => scripts.some((body) => body.includes('identitytoolkit'))).toBe(true);
});

test("a returning member's documentation page loads no identity-provider code until the member signs out", async ({
  page,
}) => {
  // An account of its own: signing out revokes every session of the account.
  const email = await createAccountLike('ana.torres@uai.cl');
  await signInAt(page, DOCS_PAGE.en.path, email);

  const scripts: string[] = [];
  const providerRequests: string[] = [];
  page.on('request', (request) => {
    if (/:9099\/|googleapis/.test(request.url())) providerRequests.push(request.url());
  });
  page.on('response', (response) => {
    // A script still loading for the page being left has no body to read: it is not this page's.
    if (response.request().resourceType() === 'script')
      response.text().then(
        (body) => scripts.push(body),
        () => {},
      );
  });
  await page.goto('/docs/documentation/restricted-access');
  await waitForHydration(page);
  const navbar = page.getByRole('navigation', { name: 'Main' });
  const account = navbar.getByRole('button', { name: /^Account \w+: / });
  await expect(account).toHaveAccessibleName(new RegExp(`^Account \\w+: ${email.replace(/[.]/g, '\\.')}$`));
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((body) => body.includes('identitytoolkit'))).toEqual([]);
  expect(providerRequests).toEqual([]);

  await signOutFromNavbar(page);
  await expect(page.getByRole('heading', { name: SIGN_IN_TEXT.en.title })).toBeVisible();
  // Sign-out loads the SDK to end its sign-in; the script's body is read after its response ends.
  await expect.poll(() => scripts.some((body) => body.includes('identitytoolkit'))).toBe(true);
  expect((await page.request.get('/api/session')).status()).toBe(200);
  expect(await (await page.request.get('/api/session')).json()).toEqual({ active: false });
});

test.describe('in-site navigation, for every demo account', () => {
  for (const account of DEMO_ACCOUNTS.filter((candidate) => !candidate.phone)) {
    const isAllowed = ALLOWED.has(account.email);
    test(`${account.role}: the navbar's Documentation link ${isAllowed ? 'opens the docs, and stops after sign-out' : 'leads to Not allowed'}`, async ({
      page,
      consoleErrors,
    }) => {
      if (!isAllowed) consoleErrors.allow(REFUSED_SESSION);
      // The whitelist names one address, so only that account cannot have a copy of its own.
      const email =
        account.email === 'guest.reader@example.com'
          ? account.email
          : await createAccountLike(account.email, account.emailVerified);
      await page.goto('/signin?next=%2Fprojects');
      await waitForHydration(page);
      await submitSignIn(page, 'en', email, DEMO_PASSWORD);
      if (!isAllowed) {
        await expect(page.getByText(SIGN_IN_TEXT.en.notAllowed)).toBeVisible();
        await page.goto('/projects');
        await waitForHydration(page);
        await page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: 'Documentation', exact: true })
          .click();
        await expect(page).toHaveURL(/\/signin\?next=%2Fdocs%2F/);
        await expect(page.getByText(SIGN_IN_TEXT.en.notAllowed)).toBeVisible();
        return;
      }
      await expect(page).toHaveURL(/\/projects$/);
      await waitForHydration(page);
      const navbar = page.getByRole('navigation', { name: 'Main' });
      await navbar.getByRole('link', { name: 'Documentation', exact: true }).click();
      await expect(page).toHaveURL(/\/docs\/documentation\/firebase-auth-setup$/);
      await page
        .getByRole('navigation', { name: 'Docs sidebar' })
        .getByRole('link', { name: 'Restricted access' })
        .click();
      await expect(page).toHaveURL(/\/docs\/documentation\/restricted-access$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await signOutFromNavbar(page);
      await expect(page.getByRole('heading', { name: SIGN_IN_TEXT.en.title })).toBeVisible();
      await page.goto('/labs');
      await waitForHydration(page);
      await navbar.getByRole('link', { name: 'Documentation', exact: true }).click();
      await expect(page).toHaveURL(/\/signin\?next=%2Fdocs%2Fdocumentation%2Ffirebase-auth-setup$/);
    });
  }
});

test('"Forgot password?" sends a reset e-mail and says so, in Spanish too', async ({ page }) => {
  await page.goto('/es/signin');
  await waitForHydration(page);
  await page.getByRole('button', { name: SIGN_IN_TEXT.es.usePassword, exact: true }).click();
  const form = page.locator('form');
  await form.getByLabel(SIGN_IN_TEXT.es.email, { exact: true }).fill('diego.rojas@alumnos.uai.cl');
  await form.getByRole('button', { name: '¿Olvidó su contraseña?' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'le enviamos un enlace' })).toBeVisible();
  await expect
    .poll(async () =>
      (await sentEmails()).some(
        (mail) => mail.email === 'diego.rojas@alumnos.uai.cl' && mail.requestType === 'PASSWORD_RESET',
      ),
    )
    .toBe(true);
});

test('an unverified university address is told why on Not allowed, and verifies itself with a sign-in link', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(REFUSED_SESSION);
  const email = await createAccountLike('unverified@uai.cl', false);
  await page.goto(`/signin?next=${encodeURIComponent(DOCS_PAGE.en.path)}`);
  await waitForHydration(page);
  await submitSignIn(page, 'en', email, DEMO_PASSWORD);
  await expect(
    page.getByText(
      `You are signed in as ${email}. This address has not been verified yet. Members of the university must verify their address before reading the documentation: a sign-in link sent to it does that.`,
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'E-mail a sign-in link to this address', exact: true }).click();
  await expectLinkSent(page, 'en', email);
  let link: string | null = null;
  await expect.poll(async () => (link = await latestLink(email)) !== null).toBe(true);
  await page.goto(link!);
  await expect(page).toHaveURL(new RegExp(`^http://[^/]+${DOCS_PAGE.en.path}$`), { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: DOCS_PAGE.en.heading })).toBeVisible();
});

test('Not allowed offers another address and a request for access with the page and the address filled in', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(REFUSED_SESSION);
  await page.goto(`/signin?next=${encodeURIComponent(DOCS_PAGE.en.path)}`);
  await waitForHydration(page);
  await submitSignIn(page, 'en', 'visitor@example.org', DEMO_PASSWORD);
  const request = page.getByRole('link', { name: 'Write to the centre', exact: true });
  const href = new URL((await request.getAttribute('href'))!);
  expect(href.protocol).toBe('mailto:');
  expect(href.pathname).toBe('contact@trustworthy-systems.example');
  expect(href.searchParams.get('subject')).toBe('Access to the Intrusion Sentinel documentation');
  expect(href.searchParams.get('body')).toBe(
    `Hello,\n\nI would like to read the members’ documentation, starting with ${new URL(page.url()).origin}${DOCS_PAGE.en.path}, signed in as visitor@example.org.\n\nWho I am and why I need access:\n\n`,
  );
  // The card under the notice signs in with another address: no sign-out first.
  await expect(page.getByRole('button', { name: 'Sign out and use another address', exact: true })).toHaveCount(0);
  await submitSignIn(page, 'en', 'diego.rojas@alumnos.uai.cl', DEMO_PASSWORD);
  await expect(page).toHaveURL(new RegExp(`^http://[^/]+${DOCS_PAGE.en.path}$`), { timeout: 15_000 });
});
