import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { MCP_PATH } from '@trust/access-policy';

/** The members' built files, where each documentation page's Markdown is. */
export const membersDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../site/dist/members');

/** One documentation page in each language: the assistants' tests find it and read it. */
export const PAGES = {
  en: '/docs/IntrusionSentinel/introduction/description-intrusion-sentinel',
  es: '/es/docs/IntrusionSentinel/introduction/description-intrusion-sentinel',
} as const;

/** A built page's Markdown, as an assistant reads it. */
export const markdownOf = (pagePath: string): string => readFileSync(path.join(membersDir, `${pagePath}.md`), 'utf8');

/** The first sentence of a built page's Markdown, as its reader sees it: the search must find the page by it. */
export function openingSentence(pagePath: string): string {
  const paragraph = markdownOf(pagePath)
    .split('\n\n')
    .find((block) => !/^(#|Canonical URL|URL canónica)/.test(block))!;
  return paragraph
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[_*`]/g, '')
    .split(/(?<=\.)\s/)[0]!;
}

/**
 * An assistant's first step, as the MCP SDK takes it: registers itself (dynamic registration,
 * a public client) and sends the member's browser to `/authorize` with a PKCE challenge.
 */
export async function startAuthorization(page: Page, baseURL: string, clientName: string, callback: string) {
  const registered = await page.request.post('/register', {
    data: { client_name: clientName, redirect_uris: [callback], token_endpoint_auth_method: 'none' },
  });
  const { client_id: clientId } = (await registered.json()) as { client_id: string };
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: callback,
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    resource: `${baseURL}${MCP_PATH}`,
  });
  await page.goto(`/authorize?${query}`);
}
