import { ERROR_CODES_SHOWN } from '../login-contract.ts';

/** What a request to the API gave back: ok, or the error code of our one error shape (NETWORK: no answer). */
export interface Answer {
  ok: boolean;
  code: string;
}

/** POST JSON to the API with the session cookie, as the app's api-client does. */
export async function postJson(path: string, body: unknown): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, code: 'NETWORK' };
  }
  if (response.ok) return { ok: true, code: '' };
  const payload = (await response.json().catch(() => undefined)) as { error?: { code?: unknown } } | undefined;
  const code = payload?.error?.code;
  return { ok: false, code: typeof code === 'string' ? code : 'UNKNOWN' };
}

/** The signed-in user (GET /api/session, the app's session check), or null: its 200 null, any other answer or none. */
export async function fetchCurrentUser(): Promise<{ language?: string } | null> {
  try {
    const response = await fetch('/api/session', { credentials: 'same-origin', headers: { accept: 'application/json' } });
    if (response.status !== 200) return null;
    return ((await response.json()) as { language?: string } | null) ?? null;
  } catch {
    return null;
  }
}

/** The translation of an error code, as the app's useErrorMessage gives it: its own, else "Error desconocido". */
export function errorMessageKey(code: string): string {
  return (ERROR_CODES_SHOWN as readonly string[]).includes(code) ? `errors:${code}` : 'errors:UNKNOWN';
}
