import { REFUSED_SESSION, expect, test, waitForHydration } from './fixtures';
import { violations } from './axe';
import { DEMO_PASSWORD, DOCS_PAGE, SIGN_IN_TEXT, createAccountLike, signInAt, submitSignIn, type Locale } from './auth';

const ADMIN_TEXT = {
  en: {
    heading: 'Access to the documentation',
    requests: 'Requests waiting',
    signedOut: 'Sign in with an admin account to manage access.',
    notAdmin: 'This account does not manage access. Ask an admin of the centre if it should.',
  },
  es: {
    heading: 'Acceso a la documentación',
    requests: 'Solicitudes pendientes',
    signedOut: 'Inicie sesión con una cuenta de administración para administrar el acceso.',
    notAdmin: 'Esta cuenta no administra el acceso. Si debiera hacerlo, pídalo a quien administra el centro.',
  },
} as const;

test.use({ bypassCSP: true });

test('an outsider asks for access, an admin approves it on the admin page, the outsider reads; after a revocation the reader is sent to sign-in', async ({
  page,
  browser,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  consoleErrors.allow(REFUSED_SESSION);
  const outsider = await createAccountLike('visitor@example.org');
  const docs = DOCS_PAGE.en.path;
  await page.goto(`/signin?next=${encodeURIComponent(docs)}`);
  await waitForHydration(page);
  await submitSignIn(page, 'en', outsider, DEMO_PASSWORD);
  await expect(page.getByText(SIGN_IN_TEXT.en.notAllowed)).toBeVisible();
  await page
    .getByLabel('Who you are and why you need the documentation')
    .fill('Engineer at the partner running the sensor pilot');
  await page.getByRole('button', { name: 'Send the request', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your request was sent.' })).toBeVisible();

  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await signInAt(admin, '/admin', 'ana.torres@uai.cl');
  await expect(admin.getByRole('heading', { name: 'Requests waiting' })).toBeVisible();
  const request = admin.getByRole('listitem').filter({ hasText: outsider });
  await expect(request).toContainText('Engineer at the partner running the sensor pilot');
  // By keyboard: focus the approval and press Enter.
  await request.getByRole('button', { name: `Approve ${outsider}`, exact: true }).focus();
  await admin.keyboard.press('Enter');
  await expect(admin.getByRole('status')).toHaveText(
    new RegExp(`^${outsider.replace(/\./g, '\\.')} is invited until \\d{4}-\\d{2}-\\d{2}\\.$`),
  );
  await expect(admin.getByRole('row').filter({ hasText: outsider })).toContainText('Invited guest');

  await page.goto(`/signin?next=${encodeURIComponent(docs)}`);
  await expect(page).toHaveURL(new RegExp(`^http://[^/]+${docs}$`), { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: DOCS_PAGE.en.heading })).toBeVisible();

  await admin.getByRole('button', { name: `Revoke ${outsider}`, exact: true }).click();
  await expect(admin.getByRole('status')).toHaveText(`The invitation of ${outsider} has ended.`);
  // Revoking ends the account's sessions: the page is refused, and the provider signs the reader
  // out when it finds its token revoked (the 400 the browser logs).
  consoleErrors.allow(
    /status of 400 \(Bad Request\) \(http:\/\/[^/]+\/identitytoolkit\.googleapis\.com\/v1\/accounts:lookup\?/,
  );
  // Before the provider has signed it out, the page may offer the revoked token to the server: 401.
  consoleErrors.allow(/status of 401 \(Unauthorized\) \(http:\/\/[^/]+\/api\/session\)$/);
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`^http://[^/]+/signin\\?next=${encodeURIComponent(docs)}$`));
  await expect(page.getByRole('heading', { name: SIGN_IN_TEXT.en.title })).toBeVisible();
  await expect(page.getByText(SIGN_IN_TEXT.en.notAllowed)).toHaveCount(0);
  await adminContext.close();
});

for (const locale of ['en', 'es'] as const satisfies readonly Locale[]) {
  const prefix = locale === 'es' ? '/es' : '';
  const text = ADMIN_TEXT[locale];

  test(`the admin page gives its data to admins only, and has no axe violations (${locale})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.goto(`${prefix}/admin`);
    await expect(page.getByText(text.signedOut)).toBeVisible();
    expect(await violations(page)).toEqual([]);

    await signInAt(page, `${prefix}/admin`, 'diego.rojas@alumnos.uai.cl');
    await expect(page.getByRole('alert')).toHaveText(text.notAdmin);
    await expect(page.getByRole('table')).toHaveCount(0);

    const adminContext = await browser.newContext({ baseURL });
    const admin = await adminContext.newPage();
    await signInAt(admin, `${prefix}/admin`, 'ana.torres@uai.cl');
    await expect(admin.getByRole('heading', { level: 1, name: text.heading })).toBeVisible();
    await expect(admin.getByRole('heading', { name: text.requests })).toBeVisible();
    await expect(admin.getByRole('row').filter({ hasText: 'ana.torres@uai.cl' }).first()).toBeVisible();
    expect(await violations(admin)).toEqual([]);
    await adminContext.close();
  });
}
