/**
 * A colleague's changes to orders through the API of the backend at `baseUrl`, each in a session of
 * its own, as from another browser: what makes the live notices, conflicts and refusals a test audits.
 */

/** Signs in through the API in a session of its own, as a colleague in another browser would; answers its headers. */
export async function colleagueHeaders(baseUrl: string, user: { email: string; password: string }): Promise<Record<string, string>> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  const { token } = (await login.json()) as { token: string };
  return { Authorization: `Bearer ${token}`, 'content-type': 'application/json' };
}

/** The order's version as the colleague reads it now. */
export async function versionOf(baseUrl: string, headers: Record<string, string>, orderPath: string): Promise<number> {
  const { version } = (await (await fetch(`${baseUrl}/api${orderPath}`, { headers })).json()) as { version: number };
  return version;
}

/** The colleague saves new notes over the version they read. */
export async function saveNotes(baseUrl: string, headers: Record<string, string>, orderPath: string, version: number, notes: string): Promise<void> {
  const saved = await fetch(`${baseUrl}/api${orderPath}`, { method: 'PATCH', headers: { ...headers, 'If-Match': `"${version}"` }, body: JSON.stringify({ notes }) });
  if (!saved.ok) {
    throw new Error(`the colleague's change was refused: ${saved.status}`);
  }
}

/** Changes an order through the API in a session of its own, as a colleague in another browser would. */
export async function changeElsewhere(baseUrl: string, user: { email: string; password: string }, orderPath: string, notes: string): Promise<void> {
  const headers = await colleagueHeaders(baseUrl, user);
  await saveNotes(baseUrl, headers, orderPath, await versionOf(baseUrl, headers, orderPath), notes);
}
