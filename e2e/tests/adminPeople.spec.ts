import { updateAccount } from '../../scripts/authEmulator.mjs';
import { createAccountLike, latestLink, signInAt, type Locale } from './auth';
import { violationsInBothThemes } from './axe';
import { expect, linesOf, literal, test } from './fixtures';

/** A moment as the page writes it, in each language (`TEXT.moment` without its anchors). */
const MOMENT = {
  en: '\\d{1,2} [A-Z][a-z]{2,3} \\d{4}, \\d{2}:\\d{2} (UTC|GMT[+-]\\d{1,2}(:\\d{2})?)',
  es: '\\d{1,2} [a-z]{3,4}\\.? \\d{4}, \\d{1,2}:\\d{2} (UTC|GMT[+-]\\d{1,2}(:\\d{2})?)',
} as const;

/** A moment as a sentence writes it: in Spanish with its month written out. */
const MOMENT_IN_WORDS = {
  en: MOMENT.en,
  es: '\\d{1,2} de [a-z]+ de \\d{4} a las \\d{1,2}:\\d{2} (UTC|GMT[+-]\\d{1,2}(:\\d{2})?)',
} as const;

const TEXT = {
  en: {
    requests: /^Requests waiting \((\d+)\)$/,
    search: 'Find by address, note or admin',
    waiting: 'Request waiting',
    answerAbove: 'Answer it under Requests waiting',
    decline: (email: string) => `Decline ${email}`,
    approve: (email: string) => `Approve ${email}`,
    confirmDecline: 'Decline the request',
    cancel: 'Cancel',
    declineTitle: (email: string) => `Decline the request of ${email}?`,
    declineEffect:
      'They will see this decision the next time they sign in, with your reason if you give one. They can ask again later. Write the reason in English: that is the language they use on the site.',
    declinedKind: 'Request declined',
    approvedKind: 'Invited guest, approved from a request',
    unused: new RegExp(`^Helper: allowed ${MOMENT_IN_WORDS.en}, not used yet\\s*Disconnect Helper$`),
    used: new RegExp(
      `^Second helper: allowed ${MOMENT_IN_WORDS.en}, last used ${MOMENT_IN_WORDS.en}\\s*Disconnect Second helper$`,
    ),
    self: 'Your own account',
    selfRefused: 'You cannot suspend your own account.',
    suspend: (email: string) => `Suspend ${email}`,
    suspendButton: 'Suspend',
    reason: 'Reason',
    email: 'E-mail',
    invite: 'Invite',
    invited: (email: string) =>
      new RegExp(
        `^${literal(email)} is invited until \\d{1,2} [A-Z][a-z]{2,3} \\d{4}; we’ve e-mailed them a sign-in link\\.$`,
      ),
    until: 'Until',
    inEnglish: 'in English',
    assistants: 'AI assistants',
    moment: /^\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2} (UTC|GMT[+-]\d{1,2}(:\d{2})?)$/,
  },
  es: {
    requests: /^Solicitudes pendientes \((\d+)\)$/,
    search: 'Buscar por dirección, nota o administrador',
    waiting: 'Solicitud pendiente',
    answerAbove: 'Respóndala en Solicitudes pendientes',
    decline: (email: string) => `Rechazar ${email}`,
    approve: (email: string) => `Aprobar ${email}`,
    confirmDecline: 'Rechazar la solicitud',
    cancel: 'Cancelar',
    declineTitle: (email: string) => `¿Rechazar la solicitud de ${email}?`,
    declineEffect:
      'Verá esta decisión la próxima vez que inicie sesión, con el motivo si usted lo indica. Podrá volver a pedir acceso más adelante. Escriba el motivo en inglés: es el idioma en que esta persona usa el sitio.',
    declinedKind: 'Solicitud rechazada',
    approvedKind: 'Invitado al aprobarse su solicitud',
    unused: new RegExp(`^Helper: permitido el ${MOMENT_IN_WORDS.es}, aún sin usar\\s*Desconectar Helper$`),
    used: new RegExp(
      `^Second helper: permitido el ${MOMENT_IN_WORDS.es}, usado por última vez el ${MOMENT_IN_WORDS.es}\\s*Desconectar Second helper$`,
    ),
    self: 'Su propia cuenta',
    selfRefused: 'No puede suspender su propia cuenta.',
    suspend: (email: string) => `Suspender ${email}`,
    suspendButton: 'Suspender',
    reason: 'Motivo',
    email: 'Correo electrónico',
    invite: 'Invitar',
    invited: (email: string) =>
      new RegExp(
        `^${literal(email)} tiene invitación hasta el \\d{1,2} de [a-z]+ de \\d{4}; le enviamos un correo con un enlace de inicio de sesión\\.$`,
      ),
    until: 'Hasta',
    inEnglish: 'en inglés',
    assistants: 'Asistentes de IA',
    moment: /^\d{1,2} [a-z]{3,4}\.? \d{4}, \d{1,2}:\d{2} (UTC|GMT[+-]\d{1,2}(:\d{2})?)$/,
  },
} as const;

const WIDE = { width: 1280, height: 800 } as const;
const PHONE = { width: 390, height: 844 } as const;
const LONG_PAGE = '/docs/IntrusionSentinel/installation/configuration-of-the-attack-sensor-on-premises';

test.use({ bypassCSP: true });

/** An outsider with an open request for access, made as the server writes one. */
async function requester(note: string): Promise<string> {
  const email = await createAccountLike('visitor@example.org');
  await updateAccount(email, {
    claims: { request: { note, at: new Date().toISOString(), outcome: 'open', page: LONG_PAGE } },
  });
  return email;
}

for (const [locale, viewport] of [
  ['en', WIDE],
  ['en', PHONE],
  ['es', WIDE],
  ['es', PHONE],
] as const satisfies readonly (readonly [Locale, { width: number; height: number }])[]) {
  test(`the admin list has one row per person, counts that follow the answers, no suspension of oneself, a told guest, readable dates and an assistants column (${locale}, ${viewport.width} px)`, async ({
    page,
    consoleErrors,
  }) => {
    // The card asks the page wanted for its heading; a page that no longer exists answers 404.
    consoleErrors.allow(new RegExp(`status of 404 \\(Not Found\\) \\(http://[^/]+${literal(LONG_PAGE)}\\)$`));
    test.setTimeout(120_000);
    const text = TEXT[locale];
    const prefix = locale === 'es' ? '/es' : '';
    await page.setViewportSize(viewport);
    const first = await requester('Partner on the sensor pilot');
    const second = await requester('Visiting researcher');
    const helped = await createAccountLike('diego.rojas@alumnos.uai.cl');
    // A student with four names: the longest address any row can be counted on to hold.
    const longNamed = await createAccountLike('maria.francisca.gonzalez.valenzuela@alumnos.uai.cl');
    const now = Math.floor(Date.now() / 1000);
    await updateAccount(helped, {
      claims: {
        mcp: [
          { c: 'k1', n: 'Helper', i: 'g1', g: 1, t: now - 60 },
          { c: 'k2', n: 'Second helper', i: 'g2', g: 1, t: now - 30, u: now },
        ],
      },
    });
    await signInAt(page, `${prefix}/admin`, 'ana.torres@uai.cl');
    const heading = page.getByRole('heading', { level: 2, name: text.requests });
    await expect(heading).toBeVisible();
    const search = page.getByLabel(text.search);

    // One row per person: the requester's account is not listed again as "no access".
    await search.fill(first);
    const rows = page.getByRole('row').filter({ hasText: first });
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(text.waiting);
    // Its action is to answer it, on its card: the row leads there.
    await expect(rows.getByRole('link', { name: text.answerAbove, exact: true })).toHaveAttribute(
      'href',
      '#requests-title',
    );
    // A column no row fills takes no room.
    await expect(page.getByRole('columnheader', { name: text.until, exact: true })).toHaveCount(0);

    // The request card: a date in the page's language, label above value on a phone, the long
    // path wrapped inside the card.
    // The list of requests is read from the server's listing, kept up to 30 s: a request made
    // just now shows once it is read again.
    const card = page.getByRole('listitem').filter({ hasText: first });
    await expect(async () => {
      if ((await card.count()) === 0) await page.reload();
      await expect(card).toHaveCount(1, { timeout: 2_000 });
    }).toPass({ timeout: 45_000 });
    await expect(page.getByRole('listitem').filter({ hasText: second })).toHaveCount(1);
    const asked = card.getByRole('definition').first();
    await expect(asked).toHaveText(text.moment);
    const label = (await card.getByRole('term').first().boundingBox())!;
    const value = (await asked.boundingBox())!;
    if (viewport === PHONE) expect(value.y).toBeGreaterThanOrEqual(label.y + label.height - 1);
    else expect(value.x).toBeGreaterThan(label.x + label.width);
    // The page wanted no longer exists, so it has no heading to show: its path stands in, linked,
    // with its language, and wrapped inside the card.
    const wanted = card.getByRole('definition').nth(1);
    await expect(wanted).toHaveText(`${LONG_PAGE} (${text.inEnglish})`);
    await expect(wanted.getByRole('link')).toHaveAttribute('href', LONG_PAGE);
    const cardBox = (await card.boundingBox())!;
    const path = (await wanted.getByRole('link').boundingBox())!;
    expect(path.x + path.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    // A request's answers are the page's own size of button, as Invite is.
    const sizeOf = (button: ReturnType<typeof page.getByRole>) =>
      button.evaluate((element) => [element.getBoundingClientRect().height, getComputedStyle(element).fontSize]);
    const inviteSize = await sizeOf(page.getByRole('button', { name: text.invite, exact: true }));
    expect(await sizeOf(card.getByRole('button', { name: text.approve(first), exact: true }))).toEqual(inviteSize);
    expect(await sizeOf(card.getByRole('button', { name: text.decline(first), exact: true }))).toEqual(inviteSize);

    // Counts that follow the answers: after each, the page reads the count again and its heading
    // says what that reading returned. Other tests add and answer requests meanwhile, so the heading
    // is compared with the page's own latest reading, not with a reading of the test's.
    const readings: number[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname === '/api/admin/access' && url.search === '?kind=request')
        void response.json().then((body: { matching: number }) => readings.push(body.matching));
    });
    // The first is declined: the dialog opens on Cancel, says which language the requester reads,
    // and breaks the address after its @ only. The second is approved.
    const firstItem = page.getByRole('listitem').filter({ hasText: first });
    await firstItem.getByRole('button', { name: text.decline(first), exact: true }).click();
    const declineDialog = page.getByRole('dialog', { name: text.declineTitle(first) });
    await expect(declineDialog.getByRole('button', { name: text.cancel, exact: true })).toBeFocused();
    await expect(declineDialog).toHaveAccessibleDescription(text.declineEffect);
    expect(await linesOf(declineDialog.getByRole('heading'), 'example.org?')).toBe(1);
    await declineDialog.getByRole('button', { name: text.confirmDecline, exact: true }).click();
    await expect(firstItem.getByRole('status')).toBeVisible();
    const secondItem = page.getByRole('listitem').filter({ hasText: second });
    await secondItem.getByRole('button', { name: text.approve(second), exact: true }).click();
    await expect(secondItem.getByRole('status')).toBeVisible();
    await expect.poll(() => readings.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    await expect
      .poll(async () => Number(text.requests.exec((await heading.textContent())!)![1]), { timeout: 20_000 })
      .toBe(readings.at(-1));

    // An answered request says how, in its row's kind; a guest approved from it, as one phrase.
    await search.fill(first);
    await expect(page.getByRole('row').filter({ hasText: first }).getByRole('cell').nth(1)).toHaveText(
      text.declinedKind,
    );
    await search.fill(second);
    await expect(page.getByRole('row').filter({ hasText: second }).getByRole('cell').nth(1)).toHaveText(
      text.approvedKind,
    );

    // The admin's own row offers no suspension, and the form refuses their own address.
    await search.fill('ana.torres@uai.cl');
    const own = page
      .locator('tr')
      .filter({ has: page.locator('td:first-child', { hasText: /^ana\.torres@uai\.cl$/ }) });
    await expect(own).toHaveCount(1);
    await expect(own).toContainText(text.self);
    await expect(own.getByRole('button', { name: text.suspend('ana.torres@uai.cl') })).toHaveCount(0);
    // The last sign-in in the page's language, on one line at a desktop's width.
    const signedIn = own.getByRole('cell').filter({ hasText: text.moment });
    await expect(signedIn).toHaveCount(1);
    if (viewport === WIDE) {
      const lines = await signedIn.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
      });
      expect(lines).toBe(1);
    }
    const suspendForm = page.getByRole('region', { name: new RegExp(`^${text.suspendButton}`) });
    await suspendForm.getByLabel(text.email, { exact: true }).fill('Ana.Torres@uai.cl');
    await suspendForm.getByLabel(text.reason, { exact: true }).fill('Test');
    await suspendForm.getByRole('button', { name: text.suspendButton, exact: true }).click();
    await expect(suspendForm.getByRole('alert')).toHaveText(text.selfRefused);
    await expect(page.getByRole('dialog')).toBeHidden();

    // Who has assistants: a column, with how many.
    await search.fill(helped);
    await expect(page.getByRole('columnheader', { name: text.assistants, exact: true })).toHaveCount(
      viewport === PHONE ? 0 : 1,
    );
    const helpedRow = page.getByRole('row').filter({ hasText: helped }).first();
    await expect(helpedRow.getByRole('cell').filter({ hasText: /^2$/ })).toHaveCount(1);
    // Each assistant by its name, when it was allowed and last used; its key is not shown.
    const assistants = page
      .getByRole('row')
      .filter({ has: page.getByRole('list') })
      .getByRole('listitem');
    await expect(assistants).toHaveCount(2);
    await expect(assistants.first()).toHaveText(text.unused);
    await expect(assistants.last()).toHaveText(text.used);
    // A row's change stays small, in legible text.
    await expect(helpedRow.getByRole('button', { name: text.suspend(helped), exact: true })).toHaveCSS(
      'font-size',
      '14px',
    );
    if (viewport === PHONE) {
      // On a phone the assistants are inside the member's card: one border around both.
      const [cardRow, listRow] = [helpedRow, page.getByRole('row').filter({ has: page.getByRole('list') })];
      const [above, below] = [(await cardRow.boundingBox())!, (await listRow.boundingBox())!];
      expect(Math.round(below.y)).toBe(Math.round(above.y + above.height));
      expect([below.x, below.width]).toEqual([above.x, above.width]);
      await expect(cardRow).toHaveCSS('border-bottom-width', '0px');
      await expect(listRow).toHaveCSS('border-bottom-width', '1px');
    }
    expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });

    // An invited guest is told: the server e-mails the sign-in link, and the admin reads so.
    const guest = `guest.${Date.now().toString(36)}${viewport.width}@example.org`;
    const inviteForm = page.getByRole('region', { name: new RegExp(`^(Invite a guest|Invitar a una persona)$`) });
    await inviteForm.getByLabel(text.email, { exact: true }).fill(guest);
    await inviteForm.locator('#invite-note').fill('Engineer at a partner company running the sensor pilot.');
    await inviteForm.getByRole('button', { name: text.invite, exact: true }).click();
    await expect(inviteForm.getByRole('status')).toHaveText(text.invited(guest));
    await expect.poll(() => latestLink(guest)).not.toBeNull();
    const link = new URL((await latestLink(guest))!);
    expect(link.searchParams.get('continueUrl')).toMatch(
      new RegExp(
        `^http://[^/]+${prefix}/signin\\?next=${literal(encodeURIComponent(`${prefix}/docs/documentation/firebase-auth-setup`))}&granted=1$`,
      ),
    );
    // With a guest and their note listed beside the admin's own row, and a long address among
    // the rows, the table has its widest set of columns; at a desktop's width every column, the
    // change included, is in view without scrolling sideways, and an address that has room breaks
    // only after its @.
    await search.fill('');
    await expect(page.getByRole('row').filter({ hasText: longNamed })).toHaveCount(1);
    await expect(page.getByRole('columnheader', { name: text.until, exact: true })).toHaveCount(
      viewport === PHONE ? 0 : 1,
    );
    if (viewport === WIDE) {
      const table = page.getByRole('table');
      const fits = await table.evaluate(
        (element) => element.parentElement!.scrollWidth <= element.parentElement!.clientWidth,
      );
      expect(fits).toBe(true);
      // The admin's own row: other rows name the admin too, in their By column.
      const own = page
        .locator('tr')
        .filter({ has: page.locator('td:first-child', { hasText: /^ana\.torres@uai\.cl$/ }) })
        .getByRole('cell')
        .first();
      expect(await linesOf(own, 'ana.torres@'), 'a short address on one line').toBe(1);
      const inviter = page.getByRole('row').filter({ hasText: guest }).getByRole('cell').nth(3);
      await expect(inviter).toHaveText('ana.torres@uai.cl');
      expect(await linesOf(inviter, 'ana.torres@'), 'the inviter’s name and its @ on one line').toBe(1);
      await table.screenshot({ path: `test-results/screens/admin-table-${locale}-${viewport.width}.png` });
    }
    await search.fill(helped);
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
    await page.screenshot({
      path: `test-results/screens/admin-people-${locale}-${viewport.width}.png`,
      fullPage: true,
    });
  });
}
