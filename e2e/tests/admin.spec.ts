import type { Locator } from '@playwright/test';
import { REFUSED_SESSION, expect, linesOf, literal, tabTo, test, waitForHydration } from './fixtures';
import { violationsInBothThemes } from './axe';
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
    invite: { title: 'Invite a guest', button: 'Invite' },
    suspend: { title: 'Suspend an account', button: 'Suspend' },
    email: 'E-mail',
    reason: 'Reason',
    lastDay: 'Last day',
    noAddress: 'Enter the person’s e-mail address.',
    noReason: 'Write the reason for the suspension.',
    noDay: 'Choose the invitation’s last day.',
    search: 'Find by address, note or admin',
    unverified: 'No access until the address is verified',
  },
  es: {
    heading: 'Acceso a la documentación',
    requests: /^Solicitudes pendientes \(\d+\)$/,
    signedOut: 'Inicie sesión con una cuenta de administración para administrar el acceso.',
    notAdmin: 'Esta cuenta no administra el acceso. Si debiera hacerlo, pídalo a quien administra el centro.',
    invite: { title: 'Invitar a una persona', button: 'Invitar' },
    suspend: { title: 'Suspender una cuenta', button: 'Suspender' },
    email: 'Correo electrónico',
    reason: 'Motivo',
    lastDay: 'Último día',
    noAddress: 'Escriba el correo electrónico de la persona.',
    noReason: 'Escriba el motivo de la suspensión.',
    noDay: 'Elija el último día de la invitación.',
    search: 'Buscar por dirección, nota o administrador',
    unverified: 'Sin acceso hasta que se verifique la dirección',
  },
} as const;

test.use({ bypassCSP: true });

/** How the admin page (in English) names the documentation page each language's requester wanted. */
const WANTED = {
  en: 'Architecture overview (in English)',
  es: 'Visión general de la arquitectura (in Spanish)',
};

/** The requester's side of a request for access, in each language. */
const REQUESTER_TEXT = {
  en: {
    note: 'Who you are and why you need the documentation',
    noteMissing: 'Write who you are and why you need the documentation.',
    noteLimit: 'Up to 200 characters',
    send: 'Send the request',
    sent: 'Your request was sent. When the centre approves it, a sign-in link reaches your mailbox; if it declines, you will see the answer here (with the reason, if the centre gives one) the next time you sign in.',
    granted:
      'The centre has granted you access to the documentation. This browser does not know your address yet; to protect your account, type the address this link was sent to.',
  },
  es: {
    note: 'Quién es y por qué necesita la documentación',
    noteMissing: 'Escriba quién es y por qué necesita la documentación.',
    noteLimit: 'Hasta 200 caracteres',
    send: 'Enviar la solicitud',
    sent: 'Su solicitud fue enviada. Si el centro la aprueba, recibirá en su buzón un enlace de inicio de sesión; si la rechaza, verá la respuesta aquí (con el motivo, si el centro lo indica) la próxima vez que inicie sesión.',
    granted:
      'El centro le concedió acceso a la documentación. Este navegador aún no conoce su dirección; para proteger su cuenta, escriba la dirección a la que se envió este enlace.',
  },
} as const;

const WIDE = { width: 1280, height: 800 } as const;
const PHONE = { width: 390, height: 844 } as const;

// The requester opens in one width and looks at each screen of the outcome in the other one too.
for (const [locale, first, second] of [
  ['en', WIDE, PHONE],
  ['es', PHONE, WIDE],
] as const) {
  test(`an outsider asks for access, an admin approves it on the admin page, the outsider reads; after a revocation the reader is sent to sign-in (${locale})`, async ({
    page,
    browser,
    baseURL,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    consoleErrors.allow(REFUSED_SESSION);
    const requester = REQUESTER_TEXT[locale];
    const signIn = SIGN_IN_TEXT[locale];
    const prefix = locale === 'es' ? '/es' : '';
    const outsider = await createAccountLike('visitor@example.org');
    const docs = DOCS_PAGE[locale].path;
    /** Looks at `target` in the requester's other width too, and keeps a picture of each. */
    const inBothWidths = async (target: Locator, name: string) => {
      for (const viewport of [second, first]) {
        await page.setViewportSize(viewport);
        await target.scrollIntoViewIfNeeded();
        // Whole but for a rounding pixel.
        await expect(target).toBeInViewport({ ratio: 0.99 });
        await page.screenshot({ path: `test-results/screens/${name}-${locale}-${viewport.width}.png` });
      }
    };
    await page.setViewportSize(first);
    await page.goto(`${prefix}/signin?next=${encodeURIComponent(docs)}`);
    await waitForHydration(page);
    await submitSignIn(page, locale, outsider, DEMO_PASSWORD);
    await expect(page.getByText(signIn.notAllowed)).toBeVisible();
    // Sent empty, the note says what it needs under it, in the page's language.
    await page.getByRole('button', { name: requester.send, exact: true }).click();
    await expect(page.getByLabel(requester.note)).toBeFocused();
    await expect(page.getByLabel(requester.note)).toHaveAccessibleDescription(
      `${requester.noteMissing} ${requester.noteLimit}`,
    );
    await page.getByLabel(requester.note).fill('Engineer at the partner running the sensor pilot');
    await page.getByRole('button', { name: requester.send, exact: true }).click();
    const sent = page.getByRole('status').filter({ hasText: requester.sent });
    await expect(sent).toHaveText(requester.sent);
    await inBothWidths(sent, 'not-allowed-request-sent');

    const adminContext = await browser.newContext({ baseURL });
    const admin = await adminContext.newPage();
    await signInAt(admin, '/admin', 'ana.torres@uai.cl');
    await expect(admin.getByRole('heading', { name: /^Requests waiting \(\d+\)$/ })).toBeVisible();
    const request = admin.getByRole('listitem').filter({ hasText: outsider });
    await expect(request).toContainText('Engineer at the partner running the sensor pilot');
    // The page wanted by its heading, linked, with its language: never a bare path to decipher.
    const wanted = request.getByRole('definition').nth(1);
    await expect(wanted).toHaveText(WANTED[locale]);
    await expect(wanted.getByRole('link')).toHaveAttribute('href', docs);
    await expect(request).toContainText('verified address');
    // By keyboard: focus the approval and press Enter; the outcome takes its place, and focus.
    await request.getByRole('button', { name: `Approve ${outsider}`, exact: true }).focus();
    await admin.keyboard.press('Enter');
    const approved = request.getByRole('status');
    await expect(approved).toHaveText(
      new RegExp(
        `^${literal(outsider)} is invited until \\d{1,2} [A-Z][a-z]{2,3} \\d{4}; we’ve e-mailed them a sign-in link\\.$`,
      ),
    );
    await expect(approved).toBeFocused();
    await admin.getByLabel('Find by address, note or admin').fill(outsider);
    // The guest's kind says, as one phrase, that the invitation came from their request.
    await expect(admin.getByRole('row').filter({ hasText: outsider }).getByRole('cell').nth(1)).toHaveText(
      'Invited guest, approved from a request',
    );

    // The outcome reaches the requester: a sign-in link in their mailbox, back to the page they
    // wanted, in the language they asked in.
    let link: string | null = null;
    await expect.poll(async () => (link = await latestLink(outsider))).not.toBeNull();
    expect(new URL(link!).searchParams.get('continueUrl')).toMatch(
      new RegExp(`^http://[^/]+${prefix}/signin\\?next=${literal(encodeURIComponent(docs))}&granted=1$`),
    );
    // Opened where they asked, signed in as the address the link was sent to: nothing to type,
    // the link goes straight on to the page they wanted.
    await page.goto(link!);
    await expect(page).toHaveURL(new RegExp(`^http://[^/]+${docs}$`), { timeout: 15_000 });
    const heading = page.getByRole('heading', { level: 1, name: DOCS_PAGE[locale].heading });
    await expect(heading).toBeVisible();
    await expect(page.getByText(requester.granted, { exact: true })).toHaveCount(0);
    await expect(page.getByLabel(signIn.email, { exact: true })).toHaveCount(0);
    await inBothWidths(heading, 'access-granted');

    // Firebase compares a revocation with the sign-in time in whole seconds: a revocation in the
    // second the reader signed in would leave that sign-in standing.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    // Revoking asks first, naming the person and the effect.
    const revoke = admin.getByRole('button', { name: `Revoke ${outsider}`, exact: true });
    await revoke.click();
    const dialog = admin.getByRole('dialog', { name: `Revoke the invitation of ${outsider}?` });
    await expect(dialog).toContainText(`${outsider} is signed out everywhere within a few minutes at most`);
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
      new RegExp(`^http://[^/]+${prefix}/signin\\?next=${encodeURIComponent(docs)}&ended=no-longer-admitted$`),
    );
    await expect(page.getByRole('heading', { name: signIn.title })).toBeVisible();
    await expect(page.getByText(signIn.notAllowed)).toHaveCount(0);
    await adminContext.close();
  });
}

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
    // Signed out, the page says only how to sign in: what it is for is for admins.
    await expect(page.locator('main p')).toHaveCount(1);
    expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });

    await signInAt(page, `${prefix}/admin`, 'diego.rojas@alumnos.uai.cl');
    await expect(page.getByRole('alert')).toHaveText(text.notAdmin);
    await expect(page.getByRole('table')).toHaveCount(0);

    const adminContext = await browser.newContext({ baseURL });
    const admin = await adminContext.newPage();
    await signInAt(admin, `${prefix}/admin`, 'ana.torres@uai.cl');
    await expect(admin.getByRole('heading', { level: 1, name: text.heading })).toBeVisible();
    await expect(admin.getByRole('heading', { name: text.requests })).toBeVisible();
    await expect(admin.getByRole('row').filter({ hasText: 'ana.torres@uai.cl' }).first()).toBeVisible();
    expect(await violationsInBothThemes(admin)).toEqual({ light: [], dark: [] });
    // A university address not yet verified: the rule refuses it until it is, and the row says so.
    await admin.getByLabel(text.search, { exact: true }).fill('unverified@uai.cl');
    const unverified = admin.getByRole('row').filter({ hasText: 'unverified@uai.cl' });
    await expect(unverified).toHaveCount(1);
    await expect(unverified.getByRole('cell').nth(1)).toHaveText(text.unverified);

    // The forms check their own fields: what is missing is said under its field, in the page's
    // language, and focus goes to the first field in error; no browser bubble.
    const invite = admin.getByRole('region', { name: text.invite.title, exact: true });
    await invite.getByLabel(text.lastDay, { exact: true }).fill('');
    await invite.getByRole('button', { name: text.invite.button, exact: true }).click();
    const inviteEmail = invite.getByLabel(text.email, { exact: true });
    await expect(inviteEmail).toBeFocused();
    await expect(inviteEmail).toHaveAccessibleDescription(text.noAddress);
    await expect(invite.getByLabel(text.lastDay, { exact: true })).toHaveAccessibleDescription(text.noDay);
    const suspend = admin.getByRole('region', { name: text.suspend.title, exact: true });
    await suspend.getByLabel(text.email, { exact: true }).fill('diego.rojas@alumnos.uai.cl');
    await suspend.getByRole('button', { name: text.suspend.button, exact: true }).click();
    const reason = suspend.getByLabel(text.reason, { exact: true });
    await expect(reason).toBeFocused();
    await expect(reason).toHaveAccessibleDescription(text.noReason);
    await expect(admin.getByRole('dialog')).toHaveCount(0);
    expect(await violationsInBothThemes(admin)).toEqual({ light: [], dark: [] });
    await adminContext.close();
  });
}

const JOURNEY_TEXT = {
  en: {
    search: 'Find by address, note or admin',
    show: 'Show',
    oneRow: 'Accounts 1–1 of 1.',
    none: 'No account matches.',
    member: 'University member',
    suspend: (email: string) => `Suspend ${email}`,
    title: (email: string) => `Suspend ${email}?`,
    effect: (email: string) =>
      `This signs ${email} out everywhere within a few minutes at most, and they cannot sign in again until an admin restores the account.`,
    reason: 'Reason',
    noReason: 'Write the reason for the suspension.',
    confirm: 'Suspend the account',
    suspended: (email: string) => `${email} is suspended: signed out everywhere within a few minutes at most.`,
    suspendedKind: 'Suspended',
    restore: (email: string) => `Restore ${email}`,
    restored: (email: string) => `${email} may sign in again.`,
  },
  es: {
    search: 'Buscar por dirección, nota o administrador',
    show: 'Mostrar',
    oneRow: 'Cuentas 1–1 de 1.',
    none: 'Ninguna cuenta coincide.',
    member: 'Integrante de la universidad',
    suspend: (email: string) => `Suspender ${email}`,
    title: (email: string) => `¿Suspender ${email}?`,
    effect: (email: string) =>
      `Se cerrarán todas las sesiones de ${email} en pocos minutos como máximo, y no podrá volver a iniciar sesión hasta que alguien de la administración restablezca la cuenta.`,
    reason: 'Motivo',
    noReason: 'Escriba el motivo de la suspensión.',
    confirm: 'Suspender la cuenta',
    suspended: (email: string) =>
      `La cuenta ${email} queda suspendida: se cierran todas sus sesiones en pocos minutos como máximo.`,
    suspendedKind: 'Suspendido',
    restore: (email: string) => `Restablecer ${email}`,
    restored: (email: string) => `${email} puede volver a iniciar sesión.`,
  },
} as const;

for (const locale of ['en', 'es'] as const satisfies readonly Locale[]) {
  const prefix = locale === 'es' ? '/es' : '';
  const text = JOURNEY_TEXT[locale];
  for (const { width, height } of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`an admin finds a member by address, suspends them after confirming, and restores them, by keyboard (${locale}, ${width} px)`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ baseURL, viewport: { width, height } });
      const admin = await context.newPage();
      const member = await createAccountLike('diego.rojas@alumnos.uai.cl');
      await signInAt(admin, `${prefix}/admin`, 'ana.torres@uai.cl');
      await tabTo(admin, admin.getByLabel(text.search, { exact: true }));
      await admin.keyboard.type(member);
      await expect(admin.getByRole('status').filter({ hasText: text.oneRow })).toBeVisible();
      const row = admin.getByRole('row').filter({ hasText: member });
      await expect(row).toContainText(text.member);
      const show = admin.getByLabel(text.show, { exact: true });
      await expect(show.locator('option:checked')).toHaveText(/\(1\)$/);
      // Filtered by kind: none is suspended, one is a member.
      await show.selectOption('suspended');
      await expect(admin.getByRole('status').filter({ hasText: text.none })).toBeVisible();
      await show.selectOption('member');
      await expect(admin.getByRole('status').filter({ hasText: text.oneRow })).toBeVisible();
      await show.selectOption('');
      await expect(show.locator('option:checked')).toHaveText(/\(1\)$/);

      // The whole row fits the screen: on a phone it is a card, its button in reach.
      const suspend = row.getByRole('button', { name: text.suspend(member), exact: true });
      await suspend.scrollIntoViewIfNeeded();
      await expect(suspend).toBeInViewport({ ratio: 1 });
      const rightmost = await admin
        .getByRole('table')
        .evaluate((table) =>
          Math.max(...Array.from(table.querySelectorAll('tr, td'), (cell) => cell.getBoundingClientRect().right)),
        );
      expect(rightmost).toBeLessThanOrEqual(width);

      await tabTo(admin, suspend, 10);
      await admin.keyboard.press('Enter');
      const dialog = admin.getByRole('dialog', { name: text.title(member) });
      await expect(dialog).toHaveAccessibleDescription(text.effect(member));
      const reason = dialog.getByLabel(text.reason, { exact: true });
      await expect(reason).toBeFocused();
      // Confirmed without a reason: the dialog stays, and says under the field what it needs.
      await admin.keyboard.press('Enter');
      await expect(reason).toHaveAccessibleDescription(text.noReason);
      await expect(reason).toBeFocused();
      await admin.screenshot({ path: `test-results/screens/admin-confirm-${locale}-${width}.png` });
      expect(await violationsInBothThemes(admin)).toEqual({ light: [], dark: [] });
      await admin.keyboard.type('Left the university');
      await admin.keyboard.press('Enter');
      await expect(dialog).toBeHidden();
      const outcome = admin.getByRole('row').getByRole('status');
      // A suspension disables the account, ends its sessions and records why: several provider calls.
      await expect(outcome).toHaveText(text.suspended(member), { timeout: 15_000 });
      await expect(outcome).toBeFocused();
      await admin.screenshot({ path: `test-results/screens/admin-outcome-${locale}-${width}.png` });

      // The list is read again: the row is the suspended account's now, the outcome under it.
      await expect(row.first()).toContainText(text.suspendedKind);
      const suspendedHeaders = await admin
        .locator('table thead th')
        .evaluateAll((cells) => cells.map((cell) => cell.textContent));
      const restore = admin.getByRole('button', { name: text.restore(member), exact: true });
      await tabTo(admin, restore, 10, 'Shift+Tab');
      await admin.keyboard.press('Enter');
      await expect(admin.getByRole('row').getByRole('status')).toHaveText(text.restored(member), { timeout: 15_000 });
      // The listing keeps its columns through the restore.
      const headers = () =>
        admin.locator('table thead th').evaluateAll((cells) => cells.map((cell) => cell.textContent));
      expect(await headers()).toEqual(suspendedHeaders);
      await admin.screenshot({ path: `test-results/screens/admin-restored-${locale}-${width}.png` });
      await context.close();
    });
  }
}

const FORMS_TEXT = {
  en: {
    purpose:
      'Here you answer requests for access, invite guests and suspend accounts; staff and students read with their university address and need nothing from this page.',
    audit:
      'A change takes effect on every server within a few minutes. Each one is recorded, with who made it and when, in the site’s audit trail in Cloud Logging (the centre’s Google Cloud project).',
    accounts: 'Accounts',
    invite: { title: 'Invite a guest', button: 'Invite' },
    suspend: { title: 'Suspend an account', button: 'Suspend' },
    email: 'E-mail',
    reason: 'Reason',
    guestNoDomain: 'Check the address: it needs a domain such as example.org after the @.',
    invited: (email: string) =>
      new RegExp(`^${literal(email)} is invited until ${DAY.en}; we’ve e-mailed them a sign-in link\\.$`),
    invitedAgain: (email: string) =>
      new RegExp(
        `^${literal(email)} was already invited; the invitation now ends on ${DAY.en} and a new link was sent\\.$`,
      ),
    title: (email: string) => `Suspend ${email}?`,
    cancel: 'Cancel',
    confirm: 'Suspend the account',
    noAccount: 'No account has that address: check the spelling; only an existing account can be suspended.',
    none: 'No account matches.',
  },
  es: {
    purpose:
      'En esta página puede responder las solicitudes de acceso, invitar a personas y suspender cuentas; el personal y los estudiantes leen con su dirección de la universidad y no necesitan nada de esta página.',
    audit:
      'Un cambio se aplica en todos los servidores en pocos minutos. Cada uno queda anotado, con quién lo hizo y cuándo, en el registro de auditoría del sitio en Cloud Logging (el proyecto de Google Cloud del centro).',
    accounts: 'Cuentas',
    invite: { title: 'Invitar a una persona', button: 'Invitar' },
    suspend: { title: 'Suspender una cuenta', button: 'Suspender' },
    email: 'Correo electrónico',
    reason: 'Motivo',
    guestNoDomain: 'Revise la dirección: después de la @ debe ir un dominio, como example.org.',
    invited: (email: string) =>
      new RegExp(
        `^${literal(email)} tiene invitación hasta el ${DAY.es}; le enviamos un correo con un enlace de inicio de sesión\\.$`,
      ),
    invitedAgain: (email: string) =>
      new RegExp(
        `^${literal(email)} ya tenía invitación; ahora la invitación termina el ${DAY.es} y le enviamos un nuevo enlace\\.$`,
      ),
    title: (email: string) => `¿Suspender ${email}?`,
    cancel: 'Cancelar',
    confirm: 'Suspender la cuenta',
    noAccount:
      'Ninguna cuenta tiene esa dirección: revise cómo está escrita; solo se puede suspender una cuenta que ya existe.',
    none: 'Ninguna cuenta coincide.',
  },
} as const;

/** An invitation's last day in words, as the page writes it in each language. */
const DAY = { en: '\\d{1,2} [A-Z][a-z]{2,3} \\d{4}', es: '\\d{1,2} de [a-z]+ de \\d{4}' } as const;

for (const locale of ['en', 'es'] as const satisfies readonly Locale[]) {
  const prefix = locale === 'es' ? '/es' : '';
  const text = FORMS_TEXT[locale];
  const journey = JOURNEY_TEXT[locale];

  test(`the admin page says what it is for, keeps to the site's container, and each outcome stands until that form is edited or another change is made (${locale})`, async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    // The suspension of an address no account has is refused: the browser logs the 400.
    consoleErrors.allow(/status of 400 \(Bad Request\) \(http:\/\/[^/]+\/api\/admin\/suspend\)$/);
    // Requests left by other tests may name a page that does not exist: the card looks up its
    // title, and the browser logs the 404.
    consoleErrors.allow(/status of 404 \(Not Found\) \(http:\/\/[^/]+\/(es\/)?docs\/[^)]*\)$/);
    const member = await createAccountLike('diego.rojas@alumnos.uai.cl');
    await page.setViewportSize(WIDE);
    await signInAt(page, `${prefix}/admin`, 'ana.torres@uai.cl');
    const main = page.locator('main');
    // What the page is for, in one sentence first; where changes are recorded, at its foot.
    await expect(main.locator('p').first()).toHaveText(text.purpose);
    await expect(main.locator('p').last()).toHaveText(text.audit);

    // The page keeps to the site's container: centred, with the footer's side padding, at both widths.
    const footer = page.locator('footer .container');
    for (const viewport of [WIDE, PHONE]) {
      await page.setViewportSize(viewport);
      const [content, foot] = [(await main.boundingBox())!, (await footer.boundingBox())!];
      expect(Math.round(content.x), `left edge at ${viewport.width} px`).toBe(Math.round(foot.x));
      expect(Math.round(content.width), `width at ${viewport.width} px`).toBe(Math.round(foot.width));
      const padding = (element: typeof main) => element.evaluate((each) => getComputedStyle(each).paddingLeft);
      expect(await padding(main)).toBe(await padding(footer));
    }
    await page.setViewportSize(WIDE);
    // The accounts table spans the page whichever columns its rows fill.
    const accounts = page.getByRole('region', { name: text.accounts, exact: true });
    const search = page.getByLabel(journey.search, { exact: true });
    const table = page.getByRole('table');
    for (const wanted of ['', member]) {
      await search.fill(wanted);
      if (wanted) await expect(page.getByRole('status').filter({ hasText: journey.oneRow })).toBeVisible();
      await expect
        .poll(async () => Math.round((await table.boundingBox())!.width))
        .toBe(Math.round((await accounts.boundingBox())!.width));
    }
    // Nothing found: the sentence says so, with no empty table under it.
    await search.fill('zzzz-nobody');
    await expect(page.getByRole('status').filter({ hasText: text.none })).toBeVisible();
    await expect(table).toHaveCount(0);
    await search.fill('');

    // The invite form: a guest's example domain is not the university's.
    const invite = page.getByRole('region', { name: text.invite.title, exact: true });
    const inviteEmail = invite.getByLabel(text.email, { exact: true });
    await inviteEmail.fill('guest@example');
    await invite.getByRole('button', { name: text.invite.button, exact: true }).click();
    await expect(inviteEmail).toHaveAccessibleDescription(text.guestNoDomain);
    // Invited twice: the second outcome says the address was invited already.
    const guest = `again.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.org`;
    await inviteEmail.fill(guest);
    await invite.getByRole('button', { name: text.invite.button, exact: true }).click();
    await expect(invite.getByRole('status')).toHaveText(text.invited(guest));
    // Editing the form again puts its outcome away.
    await inviteEmail.fill(guest);
    await expect(invite.getByRole('status')).toHaveCount(0);
    await invite.getByRole('button', { name: text.invite.button, exact: true }).click();
    await expect(invite.getByRole('status')).toHaveText(text.invitedAgain(guest));

    // On a phone, a suspension asked of an address no account has.
    await page.setViewportSize(PHONE);
    const suspend = page.getByRole('region', { name: text.suspend.title, exact: true });
    const nobody = 'nobody@faculty.example.org';
    await suspend.getByLabel(text.email, { exact: true }).fill(nobody);
    await suspend.getByLabel(text.reason, { exact: true }).fill('Left the university');
    const button = suspend.getByRole('button', { name: text.suspend.button, exact: true });
    await button.focus();
    await page.keyboard.press('Enter');
    // No account has it: said at once under the address, with no confirmation of a sign-out.
    const emailField = suspend.getByLabel(text.email, { exact: true });
    await expect(emailField).toHaveAccessibleDescription(text.noAccount);
    await expect(emailField).toBeFocused();
    await expect(page.getByRole('dialog', { name: text.title(nobody) })).toBeHidden();
    await expect(suspend.getByRole('status')).toHaveCount(0);
    // A refusal changes nothing: the invitation's outcome stands.
    await expect(invite.getByRole('status')).toHaveText(text.invitedAgain(guest));
    // Editing the form puts the refusal away.
    await suspend.getByLabel(text.email, { exact: true }).fill(member);
    await expect(suspend.getByRole('alert')).toHaveCount(0);
    await button.click();
    await page
      .getByRole('dialog', { name: journey.title(member) })
      .getByRole('button', { name: text.confirm })
      .click();
    const suspended = suspend.getByRole('status');
    await expect(suspended).toHaveText(journey.suspended(member), { timeout: 15_000 });
    expect(await linesOf(suspended, member.split('@')[1]!), 'the domain on one line').toBe(1);
    // Another change made puts the invitation's outcome away; restoring puts the suspension's away.
    await expect(invite.getByRole('status')).toHaveCount(0);
    await search.fill(member);
    await page.getByRole('button', { name: journey.restore(member), exact: true }).click();
    await expect(page.getByRole('row').getByRole('status')).toHaveText(journey.restored(member), { timeout: 15_000 });
    await expect(suspend.getByRole('status')).toHaveCount(0);
  });
}
