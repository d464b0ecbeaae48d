import type { Page } from '@playwright/test';
import { MCP_PATH } from '@trust/access-policy';
import { assistantAccessToken } from '../../testkit/oauthFlow.mjs';
import { DOCS_PAGE, createAccountLike, signInAt, type Locale } from './auth';
import { violationsInBothThemes } from './axe';
import { expect, literal, test } from './fixtures';

const TEXT = {
  en: {
    menu: 'Connected assistants',
    signOut: 'Sign out',
    signOutHint: 'Signs you out on every device and disconnects your AI assistants.',
    heading: 'Connected assistants',
    since: 'Connected since',
    lastUsed: 'Last used',
    disconnect: (name: string) => `Disconnect ${name}`,
    confirmTitle: (name: string) => `Disconnect ${name}?`,
    confirm: 'Disconnect',
    done: (name: string) =>
      `${name} is disconnected: within a few minutes at most, it can no longer search or read the documentation for you. You can connect it again at any time from the assistant itself.`,
    none: 'You have no connected assistants. To connect one, see the documentation’s guide to AI assistants.',
    intro: 'This page lists the AI assistants you allowed to search and read the members’ documentation for you.',
    hint: 'Disconnect one you no longer use: it loses access within a few minutes at most, your other assistants keep working, and you can connect it again later.',
    // The reader's time with its zone named, day first and a 24-hour clock: "28 Nov 2026, 14:07 UTC", "… GMT-3".
    moment: /^\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2} (UTC|GMT[+-]\d{1,2}(:\d{2})?)$/,
  },
  es: {
    menu: 'Asistentes conectados',
    signOut: 'Cerrar sesión',
    signOutHint: 'Su sesión se cierra en todos sus dispositivos y sus asistentes de IA se desconectan.',
    heading: 'Asistentes conectados',
    since: 'Conectado desde',
    lastUsed: 'Último uso',
    disconnect: (name: string) => `Desconectar ${name}`,
    confirmTitle: (name: string) => `¿Desconectar ${name}?`,
    confirm: 'Desconectar',
    done: (name: string) =>
      `${name} quedó desconectado: en pocos minutos como máximo ya no podrá buscar ni leer la documentación en su nombre. Puede volver a conectarlo cuando quiera desde el propio asistente.`,
    none: 'No tiene asistentes conectados. Para conectar uno, vea la guía de asistentes de IA de la documentación.',
    intro:
      'Esta página muestra los asistentes de IA a los que usted autorizó para buscar y leer en su nombre la documentación reservada a los miembros.',
    hint: 'Desconecte el asistente que ya no use: ese asistente pierde el acceso en pocos minutos como máximo, sus otros asistentes siguen funcionando y puede volver a conectarlo más adelante.',
    // "28 nov 2026, 14:07 UTC", "… GMT-3".
    moment: /^\d{1,2} [a-z]{3,4}\.? \d{4}, \d{1,2}:\d{2} (UTC|GMT[+-]\d{1,2}(:\d{2})?)$/,
  },
} as const;

const WIDE = { width: 1280, height: 800 } as const;
const PHONE = { width: 390, height: 844 } as const;

test.use({ bypassCSP: true });

/**
 * One search through the MCP endpoint with the assistant's token: its status. A search, not a
 * listing, since the member's page counts an assistant as used once it has searched or read.
 */
async function mcpStatus(page: Page, baseURL: string, accessToken: string): Promise<number> {
  const answer = await page.request.post(`${baseURL}${MCP_PATH}`, {
    headers: {
      Authorization: `Bearer ${accessToken}`,
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': '2025-11-25',
    },
    data: {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'search_documentation', arguments: { query: 'sensor' } },
    },
  });
  return answer.status();
}

for (const [locale, viewport] of [
  ['en', WIDE],
  ['en', PHONE],
  ['es', WIDE],
  ['es', PHONE],
] as const satisfies readonly (readonly [Locale, { width: number; height: number }])[]) {
  test(`a member opens "Connected assistants" from the account menu, sees since when and last use, and a disconnect ends the assistant's next MCP call (${locale}, ${viewport.width} px)`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const text = TEXT[locale];
    const prefix = locale === 'es' ? '/es' : '';
    await page.setViewportSize(viewport);
    const member = await createAccountLike('diego.rojas@alumnos.uai.cl');
    await signInAt(page, DOCS_PAGE[locale].path, member);
    const cookie = (await page.context().cookies()).find((each) => each.name === '__session')!;
    const name = `Assistant ${viewport.width} ${locale}`;
    const accessToken = await assistantAccessToken(baseURL!, `${cookie.name}=${cookie.value}`, name);
    expect(await mcpStatus(page, baseURL!, accessToken)).toBe(200);

    // The account button stays in the header at both widths; its panel holds the link.
    const navbar = page.getByRole('navigation', { name: /^(Main|Principal)$/ });
    await navbar.getByRole('button', { name: /^(Account|Cuenta) \w+: / }).click();
    // What signing out ends is said beside its button, before the reader presses it.
    await expect(navbar.getByRole('button', { name: text.signOut, exact: true })).toHaveAccessibleDescription(
      text.signOutHint,
    );
    // Whole, on a phone too: it wraps inside the menu rather than run past its edge.
    const hint = navbar.getByText(text.signOutHint, { exact: true });
    await expect(hint).toBeInViewport({ ratio: 1 });
    expect(await hint.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    await navbar.getByRole('link', { name: text.menu, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`^${literal(baseURL!)}${literal(prefix)}/account/assistants/?$`));
    await expect(page.getByRole('heading', { level: 1, name: text.heading })).toBeVisible();
    const item = page.getByTestId('member-assistant');
    await expect(item).toHaveCount(1);
    // How to disconnect is said only while there is an assistant to disconnect.
    const intro = page.locator('main h1 + p');
    await expect(intro).toHaveText(`${text.intro} ${text.hint}`);
    await expect(item.getByRole('heading', { level: 2 })).toHaveText(name);
    const facts = item.locator('dl > div');
    await expect(facts.nth(0).locator('dt')).toHaveText(text.since);
    await expect(facts.nth(0).locator('dd')).toHaveText(text.moment);
    await expect(facts.nth(1).locator('dt')).toHaveText(text.lastUsed);
    await expect(facts.nth(1).locator('dd')).toHaveText(text.moment);
    // Label above value on a phone: the value starts below its label, not beside it.
    const label = (await facts.nth(0).locator('dt').boundingBox())!;
    const value = (await facts.nth(0).locator('dd').boundingBox())!;
    expect(value.y).toBeGreaterThanOrEqual(label.y + label.height - 1);
    expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
    await page.screenshot({ path: `test-results/screens/member-assistants-${locale}-${viewport.width}.png` });

    await item.getByRole('button', { name: text.disconnect(name), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: text.confirmTitle(name) });
    await expect(dialog).toBeVisible();
    expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });
    await dialog.getByRole('button', { name: text.confirm, exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: text.done(name) })).toHaveText(text.done(name));
    await expect(page.getByText(text.none, { exact: true })).toBeVisible();
    await expect(item).toHaveCount(0);
    await expect(intro).toHaveText(text.intro);
    expect(await mcpStatus(page, baseURL!, accessToken)).toBe(401);
    expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });
  });
}
