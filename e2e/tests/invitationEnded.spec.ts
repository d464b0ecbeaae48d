import type { ChildProcess } from 'node:child_process';
import { SHORT_RECHECK_PORT as PORT } from '../ports';
import { DOCS_PAGE, SIGN_IN_TEXT, createAccountLike, expectAtPhoneWidth, signInAt, updateAccount } from './auth';
import { violationsInBothThemes } from './axe';
import { expect, literal, test, waitForHydration } from './fixtures';
import { startSiteServer } from './siteServer';

/**
 * A guest whose invitation ends while they read is told so at their next page: a server of its
 * own re-checks sessions every second, where the shared servers wait minutes.
 */
const TEXT = {
  en: {
    title: 'Your session has ended',
    ended: (email: string) =>
      `You were signed in as ${email}. The centre’s invitation for this address has ended, and its session with it. Ask the centre to renew it.`,
  },
  es: {
    title: 'Su sesión terminó',
    ended: (email: string) =>
      `Había iniciado sesión como ${email}. La invitación del centro para esta dirección terminó, y con ella su sesión. Pida al centro que la renueve.`,
  },
} as const;

const ORIGIN = `http://localhost:${PORT}`;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

// One server on one port for the file: its tests share a worker.
test.describe.configure({ mode: 'default' });
test.use({ baseURL: ORIGIN, bypassCSP: true });

let server: ChildProcess;
test.beforeAll(async () => {
  server = await startSiteServer(PORT, { SESSION_RECHECK_SECONDS: '1' });
});
test.afterAll(() => {
  server?.kill('SIGTERM');
});

for (const locale of ['en', 'es'] as const) {
  test(`a session ended with its invitation says so, at 1280 px and 390 px (${locale})`, async ({
    page,
    consoleErrors,
  }) => {
    // Once refused, the page's provider SDK may still offer its token: the server refuses it.
    consoleErrors.allow(/status of 40[13] \((Unauthorized|Forbidden)\) \(http:\/\/[^/]+\/api\/session\)$/);
    const docs = DOCS_PAGE[locale].path;
    const guest = await createAccountLike('partner.engineer@example.org');
    const invitation = { email: guest, by: 'ana.torres@uai.cl', at: new Date().toISOString() };
    await updateAccount(guest, { claims: { invitation: { ...invitation, until: day(30) } } });
    await signInAt(page, docs, guest);
    await expect(page.getByRole('heading', { level: 1, name: DOCS_PAGE[locale].heading })).toBeVisible();
    // The page's parts hydrate in idle time and prefetch the chunks of the links they show: done
    // before the invitation ends, so that none of those requests meets the ended session.
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');

    await updateAccount(guest, { claims: { invitation: { ...invitation, until: day(-1) } } });
    // Past the re-check interval, the next page asks the provider for the account as it is now.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await page.goto(docs);
    await expect(page).toHaveURL(
      new RegExp(
        `^${literal(ORIGIN)}${locale === 'es' ? '/es' : ''}/signin\\?next=${literal(encodeURIComponent(docs))}&ended=invitation-ended$`,
      ),
    );
    await waitForHydration(page);
    const heading = page.getByRole('heading', { name: TEXT[locale].title, exact: true });
    const words = page.getByText(TEXT[locale].ended(guest), { exact: true });
    await expect(heading).toBeFocused();
    await expect(words).toBeInViewport();
    await expect(page.getByLabel(SIGN_IN_TEXT[locale].email, { exact: true })).toHaveValue(guest);
    expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });
    await page.screenshot({ path: `test-results/screens/ended-invitation-${locale}-1280.png` });
    await expectAtPhoneWidth(page, `ended-invitation-${locale}`, { focused: heading, shown: [words] });
  });
}
