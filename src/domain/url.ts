/** The only schemes a link may have: web pages. A javascript: or data: link would run or show anything. */
export const WEB_SCHEMES = ['http:', 'https:'] as const;

/**
 * Whether the text names a scheme other than http or https (`javascript:`, `data:`, `ftp://`,
 * `mailto:`…): a link to refuse, with its own message, rather than to treat as a host. A host and port
 * (`localhost:5173`, `estudio.com:8080/obra`) names none.
 */
export function hasNonWebScheme(input: string): boolean {
  const match = /^([a-z][a-z0-9+.-]*):(.*)$/s.exec(input.trim().toLowerCase());
  if (!match) return false;
  const [, scheme, rest] = match as unknown as [string, string, string];
  if (WEB_SCHEMES.includes(`${scheme}:` as (typeof WEB_SCHEMES)[number])) return false;
  return !/^\d+(?:[/?#]|$)/.test(rest);
}

/**
 * The URL normaliser of SPEC §5: trim, lowercase, remove the trailing slash, prefix https:// when no
 * scheme is given, optionally add www., and return '' when the host has no dot (localhost excepted).
 * Only web links: '' too for any other scheme, and for a link carrying a user name or password.
 */
export function normaliseUrl(input: string, options: { addWww?: boolean } = {}): string {
  let value = input.trim().toLowerCase();
  if (value === '' || hasNonWebScheme(value)) return '';
  value = value.replace(/\/+$/, '');
  if (!/^[a-z][a-z0-9+.-]*:\/\//.test(value)) value = `https://${value}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return '';
  }
  if (!(WEB_SCHEMES as readonly string[]).includes(url.protocol) || url.username !== '' || url.password !== '') return '';
  if (url.hostname !== 'localhost' && !url.hostname.includes('.')) return '';
  if (options.addWww && url.hostname !== 'localhost' && !url.hostname.startsWith('www.')) {
    value = value.replace(`//${url.hostname}`, `//www.${url.hostname}`);
  }
  return value;
}
