import { describe, expect, it } from 'vitest';
import { CONNECTED_ACCOUNTS, TODAY } from '../../../test-support/post-fixtures.ts';
import { NO_NETWORKS, changeDate, dateProblemOf, publishRules } from './publish-rules.ts';

const BOTH = { instagram: true, linkedin: true };

describe('publish rules', () => {
  it('names the date problem: empty, not a day, earlier than today', () => {
    expect(dateProblemOf('', TODAY)).toBe('publishDateRequired');
    expect(dateProblemOf('2026-02-30', TODAY)).toBe('dateInvalid');
    expect(dateProblemOf('2026-06-09', TODAY)).toBe('publishDateInPast');
    expect(dateProblemOf(TODAY, TODAY)).toBeUndefined();
  });

  it('clears the networks when the date becomes past or empty, and keeps them otherwise', () => {
    expect(changeDate({ date: TODAY, networks: BOTH }, '2026-06-09', TODAY).networks).toEqual(NO_NETWORKS);
    expect(changeDate({ date: TODAY, networks: BOTH }, '', TODAY).networks).toEqual(NO_NETWORKS);
    expect(changeDate({ date: TODAY, networks: BOTH }, '2026-06-11', TODAY).networks).toEqual(BOTH);
  });

  it('never sends a network whose account is not connected, nor a date without a network', () => {
    const rules = publishRules({ choice: { date: '2026-06-11', networks: BOTH }, today: TODAY, text: 'Hola', accounts: { ...CONNECTED_ACCOUNTS, instagram: { connected: false, name: null, picture: null } }, busy: false });
    expect(rules.schedule).toEqual({ publish_on: '2026-06-11', networks: { instagram: false, linkedin: true } });
    expect(rules.notConnected).toEqual({ instagram: true, linkedin: false });
    const none = publishRules({ choice: { date: '2026-06-11', networks: NO_NETWORKS }, today: TODAY, text: 'Hola', accounts: CONNECTED_ACCOUNTS, busy: false });
    expect(none.confirmDisabled).toBe(true);
  });

  it('keeps Instagram out when the text is over its limits', () => {
    const rules = publishRules({ choice: { date: TODAY, networks: BOTH }, today: TODAY, text: 'a'.repeat(2201), accounts: CONNECTED_ACCOUNTS, busy: false });
    expect(rules.instagramTextProblem).toBe('instagramTooLong');
    expect(rules.checkboxDisabled).toEqual({ instagram: true, linkedin: false });
    expect(rules.schedule.networks).toEqual({ instagram: false, linkedin: true });
    expect(rules.notConnected.instagram).toBe(false);
  });

  it('says "not connected" only with a date set, and disables everything until the accounts are known', () => {
    const empty = publishRules({ choice: { date: '', networks: NO_NETWORKS }, today: TODAY, text: 'Hola', accounts: { ...CONNECTED_ACCOUNTS, linkedin: { connected: false, name: null, picture: null } }, busy: false });
    expect(empty.notConnected.linkedin).toBe(false);
    expect(empty.confirmDisabled).toBe(false);
    const loading = publishRules({ choice: { date: TODAY, networks: BOTH }, today: TODAY, text: 'Hola', accounts: undefined, busy: true });
    expect(loading.checkboxDisabled).toEqual(BOTH);
    expect(loading.confirmDisabled).toBe(true);
    expect(loading.publishesNow).toBe(true);
  });
});
