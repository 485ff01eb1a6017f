/**
 * How long each API version of the two networks lives, so the server can warn at start, the network check
 * can say "alive until …", and the sandbox can refuse what the networks refuse.
 *
 * Graph API: the "Available Graph API versions" table of https://developers.facebook.com/docs/graph-api/changelog/versions
 * (read 2026-11-24). A call to an ended version is silently served by the oldest live one, so an old
 * setting does not fail: it changes behaviour without a word. Update the table when Meta publishes a version.
 *
 * LinkedIn: https://learn.microsoft.com/en-us/linkedin/marketing/versioning ("supported and stable for a
 * minimum of one year before sunset") and the sunset dates of
 * https://learn.microsoft.com/en-us/linkedin/marketing/integrations/migrations (the 15th to 17th of the same
 * month a year later). A sunset version is answered 426 NONEXISTENT_VERSION.
 */
export type VersionState = 'live' | 'ending' | 'ended' | 'unknown';

export interface VersionStatus {
  state: VersionState;
  /** The last day the version is served (YYYY-MM-DD), when known. */
  endsOn: string | null;
  /** The newest version known here, to suggest. */
  newest: string;
}

/** A live version whose end is this close is reported as ending. */
export const ENDING_WITHIN_DAYS = 90;

/** Graph API versions: release day and the last day it is available (null: not set yet). */
export const GRAPH_VERSIONS: ReadonlyArray<{ version: string; released: string; endsOn: string | null }> = [
  { version: 'v26.0', released: '2026-07-29', endsOn: null },
  { version: 'v25.0', released: '2026-02-18', endsOn: '2028-07-29' },
  { version: 'v24.0', released: '2025-10-08', endsOn: '2028-02-18' },
  { version: 'v23.0', released: '2025-05-29', endsOn: '2027-10-08' },
  { version: 'v22.0', released: '2025-01-21', endsOn: '2027-05-20' },
  { version: 'v21.0', released: '2024-10-02', endsOn: '2027-01-21' },
  { version: 'v20.0', released: '2024-05-21', endsOn: '2026-09-24' },
  { version: 'v19.0', released: '2024-01-23', endsOn: '2026-05-21' },
  { version: 'v18.0', released: '2023-09-12', endsOn: '2026-01-26' },
  { version: 'v17.0', released: '2023-05-23', endsOn: '2025-09-12' },
];
export const NEWEST_GRAPH_VERSION = GRAPH_VERSIONS[0]!.version;

/** LinkedIn sunsets a month's version in the same month a year later; the migrations page names the 15th to the 17th. */
const LINKEDIN_SUNSET_DAY = 15;

const day = (date: Date) => date.toISOString().slice(0, 10);

function stateOf(endsOn: string | null, now: Date): Exclude<VersionState, 'unknown'> {
  if (endsOn === null) return 'live';
  const today = day(now);
  if (today > endsOn) return 'ended';
  const soon = day(new Date(now.getTime() + ENDING_WITHIN_DAYS * 86_400_000));
  return soon > endsOn ? 'ending' : 'live';
}

/** `v19.0` → ended since 2026-05-21; a version this table does not know (older than v17.0, or newer than it) is unknown. */
export function graphVersionStatus(version: string, now: Date): VersionStatus {
  const known = GRAPH_VERSIONS.find((entry) => entry.version === version);
  if (!known) {
    const major = Number(/^v(\d+)\.\d+$/.exec(version)?.[1] ?? Number.NaN);
    const oldest = Number(GRAPH_VERSIONS.at(-1)!.version.slice(1).split('.')[0]);
    // Older than the table: long ended. Newer than the table, or malformed: unknown here.
    if (major < oldest) return { state: 'ended', endsOn: null, newest: NEWEST_GRAPH_VERSION };
    return { state: 'unknown', endsOn: null, newest: NEWEST_GRAPH_VERSION };
  }
  if (day(now) < known.released) return { state: 'unknown', endsOn: known.endsOn, newest: NEWEST_GRAPH_VERSION };
  return { state: stateOf(known.endsOn, now), endsOn: known.endsOn, newest: NEWEST_GRAPH_VERSION };
}

/** The month's version (YYYYMM) of a date, in UTC. */
export function linkedinVersionOf(date: Date): string {
  return `${date.getUTCFullYear()}${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The last day LinkedIn serves a YYYYMM version. */
export function linkedinSunsetOf(version: string): string {
  const year = Number(version.slice(0, 4)) + 1;
  return `${year}-${version.slice(4, 6)}-${String(LINKEDIN_SUNSET_DAY).padStart(2, '0')}`;
}

/** `202511` → ended after 2026-11-15; a month still to come (or not YYYYMM) is unknown: LinkedIn answers 426. */
export function linkedinVersionStatus(version: string, now: Date): VersionStatus {
  const newest = linkedinVersionOf(now);
  const month = Number(version.slice(4, 6));
  if (!/^\d{6}$/.test(version) || month < 1 || month > 12 || version > newest) return { state: 'unknown', endsOn: null, newest };
  const endsOn = linkedinSunsetOf(version);
  return { state: stateOf(endsOn, now), endsOn, newest };
}
