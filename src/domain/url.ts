/**
 * The URL normaliser of SPEC §5: trim, lowercase, remove the trailing slash, prefix https:// when no
 * scheme is given, optionally add www., and return '' when the host has no dot (localhost excepted).
 */
export function normaliseUrl(input: string, options: { addWww?: boolean } = {}): string {
  let value = input.trim().toLowerCase();
  if (value === '') return '';
  value = value.replace(/\/+$/, '');
  if (!/^[a-z][a-z0-9+.-]*:\/\//.test(value)) value = `https://${value}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return '';
  }
  if (url.hostname !== 'localhost' && !url.hostname.includes('.')) return '';
  if (options.addWww && url.hostname !== 'localhost' && !url.hostname.startsWith('www.')) {
    value = value.replace(`//${url.hostname}`, `//www.${url.hostname}`);
  }
  return value;
}
