import { describe, expect, it } from 'vitest';
import { GRAPH_VERSIONS, graphVersionStatus, linkedinSunsetOf, linkedinVersionStatus } from './api-versions.ts';

const on = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe('Graph API versions', () => {
  it('knows v19.0 ended on 2026-05-21 and v20.0 on 2026-09-24', () => {
    expect(graphVersionStatus('v19.0', on('2026-11-24'))).toMatchObject({ state: 'ended', endsOn: '2026-05-21' });
    expect(graphVersionStatus('v20.0', on('2026-11-24'))).toMatchObject({ state: 'ended', endsOn: '2026-09-24' });
    expect(graphVersionStatus('v19.0', on('2026-05-21')).state).toBe('ending');
  });

  it('calls a version ending within 90 days ending, later ones live, and v26.0 live with no end set', () => {
    expect(graphVersionStatus('v21.0', on('2026-11-24'))).toMatchObject({ state: 'ending', endsOn: '2027-01-21' });
    expect(graphVersionStatus('v25.0', on('2026-11-24'))).toMatchObject({ state: 'live', endsOn: '2028-07-29' });
    expect(graphVersionStatus('v26.0', on('2026-11-24'))).toMatchObject({ state: 'live', endsOn: null, newest: 'v26.0' });
  });

  it('says unknown for a version the table does not list yet, or before its release, and ended for older ones', () => {
    expect(graphVersionStatus('v99.0', on('2026-11-24')).state).toBe('unknown');
    expect(graphVersionStatus('v26.0', on('2026-07-01')).state).toBe('unknown');
    expect(graphVersionStatus('v2.12', on('2026-11-24')).state).toBe('ended');
    expect(graphVersionStatus('nonsense', on('2026-11-24')).state).toBe('unknown');
  });

  it('lists the versions newest first', () => {
    const released = GRAPH_VERSIONS.map((entry) => entry.released);
    expect(released).toEqual([...released].sort().reverse());
  });
});

describe('LinkedIn versions', () => {
  it('sunsets a month a year later, as the migrations page dates them', () => {
    expect(linkedinSunsetOf('202511')).toBe('2026-11-15');
    expect(linkedinVersionStatus('202511', on('2026-11-24'))).toMatchObject({ state: 'ended', endsOn: '2026-11-15' });
    expect(linkedinVersionStatus('202610', on('2026-11-24'))).toMatchObject({ state: 'live', endsOn: '2027-10-15' });
    expect(linkedinVersionStatus('202601', on('2026-11-24'))).toMatchObject({ state: 'ending', endsOn: '2027-01-15' });
  });

  it('says unknown for a month still to come or a malformed version', () => {
    expect(linkedinVersionStatus('202612', on('2026-11-24'))).toMatchObject({ state: 'unknown', newest: '202611' });
    expect(linkedinVersionStatus('202613', on('2026-11-24')).state).toBe('unknown');
    expect(linkedinVersionStatus('2026-1', on('2026-11-24')).state).toBe('unknown');
  });
});
