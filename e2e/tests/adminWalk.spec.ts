import type { Page } from '@playwright/test';
import { ADMIN_API_PREFIX } from '@trust/access-policy';
import { updateAccount } from '../../scripts/authEmulator.mjs';
import { MONTHS, createAccountLike, signInAt, type Locale } from './auth';
import { violationsInBothThemes } from './axe';
import { expect, linesOf, literal, test } from './fixtures';

/**
 * The admin page as an admin walks through it: the accounts table whole at a desktop's width in
 * both languages, plain words for the kinds and refusals, dates written once in UTC and in words
 * in Spanish sentences, the days an invitation may end on named, a declined request said as the
 * requester will see it, and a suspended member's assistants said to be cut off.
 */
const TEXT = {
  en: {
    search: 'Find by address, note or admin',
    show: 'Show',
    summary: /^Accounts 1–\d+ of \d+\.$/,
    university: 'University member',
    whitelisted: 'Whitelisted reader',
    self: 'Your own account',
    lastDay: 'Last day',
    until: (day: string) => `Until the end of ${day} (UTC)`,
    range: (first: string, last: string) => `Choose a day between ${first} and ${last}.`,
    // British English shortens September to four letters, the other months to three.
    months: MONTHS.en.map((month) => (month === 'September' ? 'Sept' : month.slice(0, 3))),
    day: (date: Date, months: readonly string[]) =>
      `${date.getUTCDate()} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()}`,
    admitted: (email: string) => `${email} can already read the documentation without an invitation.`,
    invite: { title: 'Invite a guest', button: 'Invite' },
    suspend: { title: 'Suspend an account', button: 'Suspend' },
    email: 'E-mail',
    reason: 'Reason',
    noAccount: 'No account has that address: check the spelling; only an existing account can be suspended.',
    decline: (email: string) => `Decline ${email}`,
    confirmDecline: 'Decline the request',
    declineEffect:
      'They will see this decision the next time they sign in, with your reason if you give one. They can ask again later. Write the reason in English: that is the language they use on the site.',
    cancel: 'Cancel',
    declined: (email: string) =>
      `Declined. ${email} will see it, with your reason if you gave one, the next time they sign in.`,
    cutOff: 'No access while the account is suspended.',
    assistant:
      /^Helper: allowed \d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2} \S+, last used \d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2} \S+\s*Disconnect Helper$/,
  },
  es: {
    search: 'Buscar por dirección, nota o administrador',
    show: 'Mostrar',
    summary: /^Cuentas 1–\d+ de \d+\.$/,
    university: 'Integrante de la universidad',
    whitelisted: 'Lector autorizado',
    self: 'Su propia cuenta',
    lastDay: 'Último día',
    until: (day: string) => `Hasta el término del ${day} (UTC)`,
    range: (first: string, last: string) => `Elija un día entre el ${first} y el ${last}.`,
    months: MONTHS.es,
    day: (date: Date, months: readonly string[]) =>
      `${date.getUTCDate()} de ${months[date.getUTCMonth()]} de ${date.getUTCFullYear()}`,
    admitted: (email: string) => `${email} ya puede leer la documentación sin invitación.`,
    invite: { title: 'Invitar a una persona', button: 'Invitar' },
    suspend: { title: 'Suspender una cuenta', button: 'Suspender' },
    email: 'Correo electrónico',
    reason: 'Motivo',
    noAccount:
      'Ninguna cuenta tiene esa dirección: revise cómo está escrita; solo se puede suspender una cuenta que ya existe.',
    decline: (email: string) => `Rechazar ${email}`,
    confirmDecline: 'Rechazar la solicitud',
    declineEffect:
      'Verá esta decisión la próxima vez que inicie sesión, con el motivo si usted lo indica. Podrá volver a pedir acceso más adelante. Escriba el motivo en inglés: es el idioma en que esta persona usa el sitio.',
    cancel: 'Cancelar',
    declined: (email: string) =>
      `Rechazada. ${email} lo verá, con el motivo si usted lo indicó, la próxima vez que inicie sesión.`,
    cutOff: 'Sin acceso mientras la cuenta esté suspendida.',
    assistant:
      /^Helper: permitido el \d{1,2} de [a-z]+ de \d{4} a las \d{1,2}:\d{2} \S+, usado por última vez el \d{1,2} de [a-z]+ de \d{4} a las \d{1,2}:\d{2} \S+\s*Desconectar Helper$/,
  },
} as const;

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

test.use({ bypassCSP: true });

/** Calls the admins' API as the admin signed in on `page`. */
async function adminCall(page: Page, action: string, data: object): Promise<void> {
  const answer = await page.request.post(`${ADMIN_API_PREFIX}/${action}`, {
    headers: { Origin: new URL(page.url()).origin },
    data,
  });
  expect(answer.status(), `${action} ${JSON.stringify(data)}`).toBe(200);
}

const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000);

for (const locale of ['en', 'es'] as const satisfies readonly Locale[]) {
  const text = TEXT[locale];
  const prefix = locale === 'es' ? '/es' : '';
  for (const viewport of VIEWPORTS) {
    const isWide = viewport.width === 1280;
    test(`the accounts table is whole at this width, in plain words, rows as tall as their content (${locale}, ${viewport.width} px)`, async ({
      page,
      consoleErrors,
    }) => {
      test.setTimeout(90_000);
      // Other tests' request cards look up the page wanted, maybe gone.
      consoleErrors.allow(/status of 404 \(Not Found\) \(http:\/\/[^/]+\/(es\/)?docs\/[^)]*\)$/);
      await page.setViewportSize(viewport);
      const member = await createAccountLike('diego.rojas@alumnos.uai.cl');
      // The list is sorted by address and shows 50 a page: addresses that sort first stay on the
      // first page however many accounts the other tests have made.
      const longNamed = await createAccountLike('a.maria.francisca.gonzalez.valenzuela@alumnos.uai.cl');
      // A member with an assistant: the table has its AI assistants column too, eight in all.
      const now = Math.floor(Date.now() / 1000);
      await updateAccount(longNamed, { claims: { mcp: [{ c: 'k1', n: 'Helper', i: 'g1', g: 1, t: now - 60 }] } });
      await signInAt(page, `${prefix}/admin`, 'ana.torres@uai.cl');
      // A guest with a note and a last day: the table shows its Until, By and Note columns.
      const guest = `a.walk.${Date.now().toString(36)}${viewport.width}@example.org`;
      await adminCall(page, 'invite', {
        email: guest,
        until: dayAhead(60).toISOString().slice(0, 10),
        note: 'Engineer at a partner company running the sensor pilot.',
        locale,
      });
      const search = page.getByLabel(text.search, { exact: true });
      await search.fill('');
      await page.reload();
      // Its row, and the row of its assistants under it.
      await expect(page.getByRole('row').filter({ hasText: longNamed })).toHaveCount(2);
      await expect(page.getByRole('row').filter({ hasText: guest })).toHaveCount(1);
      const table = page.getByRole('table');
      await expect(page.getByRole('columnheader')).toHaveCount(isWide ? 8 : 0);

      // The summary counts accounts, as the cards on a phone are.
      await expect(page.getByRole('status').filter({ hasText: text.summary })).toHaveText(text.summary);

      if (isWide) {
        // The whole table fits its column: nothing to scroll sideways to, every action in view.
        const widths = await table.evaluate((element) => [
          element.parentElement!.scrollWidth,
          element.parentElement!.clientWidth,
        ]);
        expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
        const buttons = table.getByRole('button');
        expect(await buttons.count()).toBeGreaterThan(0);
        for (const button of await buttons.all()) {
          const box = (await button.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        }
      }

      // A university member's row: its kind in plain words; at a desktop's width the address breaks
      // after its @ at most, the kind on two lines at most, and the row no taller than that.
      await search.fill(member);
      await expect(page.getByRole('status').filter({ hasText: text.summary })).toHaveText(/ 1–1 \S+ 1\.$/);
      const row = page.getByRole('row').filter({ hasText: member });
      await expect(row).toHaveCount(1);
      await expect(row.getByRole('cell').nth(1)).toHaveText(new RegExp(`^${literal(text.university)}$`));
      // The one address admitted outside the university's domains is named for what it is.
      await search.fill('guest.reader@example.com');
      const whitelisted = page
        .locator('tr')
        .filter({ has: page.locator('td:first-child', { hasText: /^guest\.reader@example\.com$/ }) });
      await expect(whitelisted.getByRole('cell').nth(1)).toHaveText(new RegExp(`^${literal(text.whitelisted)}$`));
      await search.fill(member);
      await expect(row).toHaveCount(1);
      const own = page
        .locator('tr')
        .filter({ has: page.locator('td:first-child', { hasText: /^ana\.torres@uai\.cl$/ }) });
      await search.fill('ana.torres@uai.cl');
      await expect(own).toHaveCount(1);
      const selfNote = own.getByText(text.self, { exact: true });
      await expect(selfNote).toHaveText(text.self);
      if (isWide) {
        expect(await linesOf(own.getByRole('cell').first(), 'ana.torres@uai.cl')).toBe(1);
        expect(await linesOf(selfNote, text.self)).toBe(1);
        const height = (await own.boundingBox())!.height;
        // One line of text (24 px) with the cell's padding: well under two lines.
        expect(height).toBeLessThanOrEqual(60);
        await search.fill(member);
        await expect(page.getByRole('status').filter({ hasText: text.summary })).toHaveText(/ 1–1 \S+ 1\.$/);
        const [name, domain] = member.split('@') as [string, string];
        expect(await linesOf(row.getByRole('cell').first(), `${name}@`)).toBe(1);
        expect(await linesOf(row.getByRole('cell').first(), domain)).toBe(1);
        expect(await linesOf(row.getByRole('cell').nth(1), text.university)).toBeLessThanOrEqual(2);
        // Two lines of text (48 px) with the cell's padding.
        expect((await row.boundingBox())!.height).toBeLessThanOrEqual(80);
      } else {
        // On a phone: the own-account note is in the size of the values around it.
        const valueSize = await own
          .getByRole('cell')
          .first()
          .evaluate((cell) => getComputedStyle(cell).fontSize);
        expect(await selfNote.evaluate((note) => getComputedStyle(note).fontSize)).toBe(valueSize);
        // The search field and the kind list span the width, as the fields of the forms above do.
        const invite = page.getByRole('region', { name: text.invite.title, exact: true });
        const field = (await invite.getByLabel(text.email, { exact: true }).boundingBox())!;
        for (const control of [search, page.getByLabel(text.show, { exact: true })]) {
          const box = (await control.boundingBox())!;
          expect(Math.round(box.x)).toBe(Math.round(field.x));
          expect(Math.round(box.width)).toBe(Math.round(field.width));
        }
      }
      await search.fill('');
      await expect(page.getByRole('row').filter({ hasText: guest })).toHaveCount(1);
      await page.screenshot({
        path: `test-results/screens/admin-walk-table-${locale}-${viewport.width}.png`,
        fullPage: true,
      });
      expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });
    });

    test(`dates, days an invitation may end on, refusals and answers in plain words (${locale}, ${viewport.width} px)`, async ({
      page,
      consoleErrors,
    }) => {
      test.setTimeout(120_000);
      // A refused invitation answers 400; a request card looks up the page wanted, maybe gone.
      consoleErrors.allow(/status of 400 \(Bad Request\) \(http:\/\/[^/]+\/api\/admin\/invite\)$/);
      consoleErrors.allow(/status of 404 \(Not Found\) \(http:\/\/[^/]+\/(es\/)?docs\/[^)]*\)$/);
      await page.setViewportSize(viewport);
      const requester = await createAccountLike('visitor@example.org');
      await updateAccount(requester, {
        claims: { request: { note: 'Walk-through', at: new Date().toISOString(), outcome: 'open', page: '/docs' } },
      });
      const suspended = await createAccountLike('diego.rojas@alumnos.uai.cl');
      const now = Math.floor(Date.now() / 1000);
      await updateAccount(suspended, {
        claims: { mcp: [{ c: 'k1', n: 'Helper', i: 'g1', g: 1, t: now - 60, u: now }] },
      });
      await signInAt(page, `${prefix}/admin`, 'ana.torres@uai.cl');
      await adminCall(page, 'suspend', { email: suspended, reason: 'Walk-through' });

      // The invite form: its label says the day, the hint under it says UTC once.
      const invite = page.getByRole('region', { name: text.invite.title, exact: true });
      const lastDay = invite.getByLabel(new RegExp(`^${literal(text.lastDay)}`));
      await expect(invite.locator('label[for="invite-until"]')).toHaveText(new RegExp(`^${literal(text.lastDay)}$`));
      await lastDay.fill('2027-02-27');
      await expect(invite.locator('#invite-until-words')).toHaveText(
        new RegExp(`^${literal(text.until(text.day(new Date('2027-02-27T12:00:00Z'), text.months)))}$`),
      );
      // A day out of range names the days it may be.
      await lastDay.fill('2020-01-01');
      await invite.getByLabel(text.email, { exact: true }).fill('someone@example.org');
      await invite.getByRole('button', { name: text.invite.button, exact: true }).click();
      const range = text.range(text.day(dayAhead(0), text.months), text.day(dayAhead(365), text.months));
      await expect(lastDay).toHaveAccessibleDescription(new RegExp(`^${literal(range)}`));
      // A university address needs no invitation: said in those words, with the address.
      await lastDay.fill(dayAhead(30).toISOString().slice(0, 10));
      const universityAddress = await createAccountLike('diego.rojas@alumnos.uai.cl');
      await invite.getByLabel(text.email, { exact: true }).fill(universityAddress);
      await invite.getByRole('button', { name: text.invite.button, exact: true }).click();
      // The address caused it, so the refusal is the E-mail field's, under it.
      const inviteEmail = invite.getByLabel(text.email, { exact: true });
      await expect(inviteEmail).toHaveAccessibleDescription(
        new RegExp(`^${literal(text.admitted(universityAddress))}$`),
      );
      await expect(inviteEmail).toHaveAttribute('aria-invalid', 'true');
      await expect(inviteEmail).toHaveAttribute('aria-describedby', 'invite-email-error');
      const fieldBox = (await inviteEmail.boundingBox())!;
      const errorBox = (await invite.locator('#invite-email-error').boundingBox())!;
      const inviteBox = (await invite.getByRole('button', { name: text.invite.button, exact: true }).boundingBox())!;
      expect(errorBox.y).toBeGreaterThanOrEqual(fieldBox.y + fieldBox.height);
      expect(errorBox.y + errorBox.height).toBeLessThanOrEqual(inviteBox.y);

      // Suspending an address no account has is refused at once, under its field: no dialog
      // about signing someone out.
      const suspendForm = page.getByRole('region', { name: text.suspend.title, exact: true });
      await suspendForm.getByLabel(text.email, { exact: true }).fill('nobody.here@example.org');
      await suspendForm.getByLabel(text.reason, { exact: true }).fill('Walk-through');
      await suspendForm.getByRole('button', { name: text.suspend.button, exact: true }).click();
      await expect(suspendForm.getByLabel(text.email, { exact: true })).toHaveAccessibleDescription(text.noAccount);
      await expect(page.getByRole('dialog')).toBeHidden();

      // A suspended member's assistants are said to be cut off.
      await page.getByLabel(text.search, { exact: true }).fill(suspended);
      const assistants = page.getByRole('row').filter({ has: page.getByRole('list') });
      await expect(assistants).toHaveCount(1);
      await expect(assistants.getByText(text.cutOff, { exact: true })).toBeVisible();
      // In a Spanish sentence a moment is written out; in English, as the table writes it.
      await expect(assistants.getByRole('listitem')).toHaveText(text.assistant);

      // A declined request: the card says what the requester will see, and shrinks to its content.
      const card = page.getByRole('listitem').filter({ hasText: requester });
      await expect(async () => {
        if ((await card.count()) === 0) await page.reload();
        await expect(card).toHaveCount(1, { timeout: 2_000 });
      }).toPass({ timeout: 45_000 });
      await card.getByRole('button', { name: text.decline(requester), exact: true }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toHaveAccessibleDescription(new RegExp(`^${literal(text.declineEffect)}$`));
      // Side by side or stacked, the dialog's two buttons are one width.
      const widths = await Promise.all(
        [text.confirmDecline, text.cancel].map(async (name) =>
          Math.round((await dialog.getByRole('button', { name, exact: true }).boundingBox())!.width),
        ),
      );
      expect(widths[0], `widths ${widths.join(', ')}`).toBe(widths[1]);
      await page.screenshot({ path: `test-results/screens/admin-walk-decline-dialog-${locale}-${viewport.width}.png` });
      await dialog.getByRole('button', { name: text.confirmDecline, exact: true }).click();
      const status = card.getByRole('status');
      await expect(status).toHaveText(new RegExp(`^${literal(text.declined(requester))}$`));
      const [cardBox, statusBox] = [(await card.boundingBox())!, (await status.boundingBox())!];
      // The card ends under its last line: its padding (16 px) and a border, not an empty area.
      expect(cardBox.y + cardBox.height - (statusBox.y + statusBox.height)).toBeLessThanOrEqual(20);
      await page.screenshot({
        path: `test-results/screens/admin-walk-words-${locale}-${viewport.width}.png`,
        fullPage: true,
      });
      expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });
    });
  }
}
