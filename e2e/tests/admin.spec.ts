import { REFUSED_SESSION, expect, literal, test, waitForHydration } from './fixtures';
import { violations } from './axe';
import {
  DEMO_PASSWORD,
  DOCS_PAGE,
  SIGN_IN_TEXT,
  createAccountLike,
  latestLink,
  signInAt,
  submitSignIn,
  type Locale,
} from './auth';

const ADMIN_TEXT = {
  en: {
    heading: 'Access to the documentation',
    requests: /^Requests waiting \(\d+\)$/,
    signedOut: 'Sign in with an admin account to manage access.',
    notAdmin: 'This account does not manage access. Ask an admin of the centre if it should.',
  },
  es: {
    heading: 'Acceso a la documentación',
    requests: /^Solicitudes pendientes \(\d+\)$/,
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
  await expect(admin.getByRole('heading', { name: /^Requests waiting \(\d+\)$/ })).toBeVisible();
  const request = admin.getByRole('listitem').filter({ hasText: outsider });
  await expect(request).toContainText('Engineer at the partner running the sensor pilot');
  await expect(request.getByRole('definition').nth(1)).toHaveText(docs);
  await expect(request).toContainText('verified address');
  // By keyboard: focus the approval and press Enter; the outcome takes its place, and focus.
  await request.getByRole('button', { name: `Approve ${outsider}`, exact: true }).focus();
  await admin.keyboard.press('Enter');
  const approved = request.getByRole('status');
  await expect(approved).toHaveText(
    new RegExp(
      `^${literal(outsider)} is invited until \\d{4}-\\d{2}-\\d{2}; the provider is e-mailing them a sign-in link\\.$`,
    ),
  );
  await expect(approved).toBeFocused();
  await admin.getByLabel('Find by address, note or admin').fill(outsider);
  await expect(admin.getByRole('row').filter({ hasText: outsider }).filter({ hasText: 'Invited guest' })).toBeVisible();

  // The outcome reaches the requester: a sign-in link in their mailbox, back to the page they wanted.
  let link: string | null = null;
  await expect.poll(async () => (link = await latestLink(outsider))).not.toBeNull();
  expect(new URL(link!).searchParams.get('continueUrl')).toMatch(
    new RegExp(`^http://[^/]+/signin\\?next=${literal(encodeURIComponent(docs))}&granted=1$`),
  );
  await page.goto(link!);
  await expect(
    page.getByText('The centre has granted you access to the documentation.', { exact: false }),
  ).toBeVisible();
  await page.getByLabel(SIGN_IN_TEXT.en.email, { exact: true }).fill(outsider);
  await page.getByRole('button', { name: SIGN_IN_TEXT.en.continue, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`^http://[^/]+${docs}$`), { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: DOCS_PAGE.en.heading })).toBeVisible();

  // Revoking asks first, naming the person and the effect.
  const revoke = admin.getByRole('button', { name: `Revoke ${outsider}`, exact: true });
  await revoke.click();
  const dialog = admin.getByRole('dialog', { name: `Revoke the invitation of ${outsider}?` });
  await expect(dialog).toContainText(`${outsider} is signed out everywhere at once`);
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(revoke).toBeFocused();
  await revoke.click();
  await dialog.getByRole('button', { name: 'Revoke the invitation', exact: true }).click();
  const revoked = admin.getByRole('row').getByRole('status');
  await expect(revoked).toHaveText(`The invitation of ${outsider} has ended.`);
  await expect(revoked).toBeFocused();
  // Revoking ends the account's sessions: the page is refused, and the provider signs the reader
  // out when it finds its token revoked (the 400 the browser logs).
  consoleErrors.allow(
    /status of 400 \(Bad Request\) \(http:\/\/[^/]+\/identitytoolkit\.googleapis\.com\/v1\/accounts:lookup\?/,
  );
  // Before the provider has signed it out, the page may offer the revoked token to the server: 401.
  consoleErrors.allow(/status of 401 \(Unauthorized\) \(http:\/\/[^/]+\/api\/session\)$/);
  await page.reload();
  await expect(page).toHaveURL(
    new RegExp(`^http://[^/]+/signin\\?next=${encodeURIComponent(docs)}&ended=no-longer-admitted$`),
  );
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
