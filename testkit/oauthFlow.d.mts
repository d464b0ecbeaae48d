/** An MCP access token for a new assistant named `name`, allowed by the member whose session cookie this is. */
export function assistantAccessToken(origin: string, cookie: string, name?: string): Promise<string>;
