import { describe, expect, it } from 'vitest';
import { CONNECTED_ACCOUNTS, TODAY } from '../../../test-support/post-fixtures.ts';
import { NO_NETWORKS, changeDate, dateProblemOf, defaultTimeOf, publishRules, timeProblemOf } from './publish-rules.ts';

const BOTH = { instagram: true, linkedin: true, facebook: false };
/** The studio's now: TODAY at 10:00; the publish hour is 09:00. */
const NOW = { day: TODAY, time: '10:00' };
const choice = (date: string, networks = BOTH, time = '12:00') => ({ date, time, timeChosen: true, networks });

describe('publish rules', () => {
  it('names the date problem: empty, not a day, earlier than today', () => {
    expect(dateProblemOf('', TODAY)).toBe('publishDateRequired');
    expect(dateProblemOf('2026-02-30', TODAY)).toBe('dateInvalid');
    expect(dateProblemOf('2026-06-09', TODAY)).toBe('publishDateInPast');
    expect(dateProblemOf(TODAY, TODAY)).toBeUndefined();
  });

  it('names the time problem: not a time, or inside the lock margin; today at or before now is no problem (it means now)', () => {
    expect(timeProblemOf(TODAY, '', NOW)).toBe('timeInvalid');
    expect(timeProblemOf(TODAY, '10:14', NOW)).toBe('publishTimeTooSoon');
    expect(timeProblemOf(TODAY, '10:15', NOW)).toBe('publishTimeTooSoon');
    expect(timeProblemOf(TODAY, '10:16', NOW)).toBeUndefined();
    expect(timeProblemOf(TODAY, '08:00', NOW)).toBeUndefined();
    expect(timeProblemOf('2026-06-11', '00:05', NOW)).toBeUndefined();
  });

  it('starts today at the time now, and another day at the publish hour', () => {
    expect(defaultTimeOf(TODAY, NOW, '09:00')).toBe('10:00');
    expect(defaultTimeOf('2026-06-11', NOW, '09:00')).toBe('09:00');
  });

  it('clears the networks when the date becomes past or empty, and keeps them otherwise', () => {
    expect(changeDate(choice(TODAY), '2026-06-09', NOW, '09:00').networks).toEqual(NO_NETWORKS);
    expect(changeDate(choice(TODAY), '', NOW, '09:00').networks).toEqual(NO_NETWORKS);
    expect(changeDate(choice(TODAY), '2026-06-11', NOW, '09:00').networks).toEqual(BOTH);
  });

  it('moves a time the user has not set with the day, and keeps one they set', () => {
    const untouched = { date: TODAY, time: '10:00', timeChosen: false, networks: BOTH };
    expect(changeDate(untouched, '2026-06-11', NOW, '09:00').time).toBe('09:00');
    expect(changeDate({ ...untouched, date: '2026-06-11', time: '09:00' }, TODAY, NOW, '09:00').time).toBe('10:00');
    expect(changeDate(choice(TODAY, BOTH, '18:30'), '2026-06-11', NOW, '09:00').time).toBe('18:30');
  });

  it('never sends a network whose account is not connected, nor a date without a network', () => {
    const rules = publishRules({
      choice: choice('2026-06-11'),
      now: NOW,
      text: 'Hola',
      accounts: { ...CONNECTED_ACCOUNTS, instagram: { connected: false, name: null, picture: null } },
      busy: false,
    });
    expect(rules.schedule).toEqual({ publish_on: '2026-06-11', publish_time: '12:00', networks: { instagram: false, linkedin: true, facebook: false } });
    expect(rules.notConnected).toEqual({ instagram: true, linkedin: false, facebook: true });
    const none = publishRules({ choice: choice('2026-06-11', NO_NETWORKS), now: NOW, text: 'Hola', accounts: CONNECTED_ACCOUNTS, busy: false });
    expect(none.confirmDisabled).toBe(true);
  });

  it('disables confirm for a time inside the margin, and publishes at once today at a time already past', () => {
    const soon = publishRules({ choice: choice(TODAY, BOTH, '10:05'), now: NOW, text: 'Hola', accounts: CONNECTED_ACCOUNTS, busy: false });
    expect(soon.timeProblem).toBe('publishTimeTooSoon');
    expect(soon.confirmDisabled).toBe(true);
    const past = publishRules({ choice: choice(TODAY, BOTH, '09:00'), now: NOW, text: 'Hola', accounts: CONNECTED_ACCOUNTS, busy: false });
    expect(past.confirmDisabled).toBe(false);
    expect(past.publishesNow).toBe(true);
    const later = publishRules({ choice: choice(TODAY, BOTH, '18:00'), now: NOW, text: 'Hola', accounts: CONNECTED_ACCOUNTS, busy: false });
    expect(later.publishesNow).toBe(false);
  });

  it('keeps Instagram out when the text is over its limits', () => {
    const rules = publishRules({ choice: choice(TODAY), now: NOW, text: 'a'.repeat(2201), accounts: CONNECTED_ACCOUNTS, busy: false });
    expect(rules.instagramTextProblem).toBe('instagramTooLong');
    expect(rules.checkboxDisabled).toEqual({ instagram: true, linkedin: false, facebook: true });
    expect(rules.schedule.networks).toEqual({ instagram: false, linkedin: true, facebook: false });
    expect(rules.notConnected.instagram).toBe(false);
  });

  it('says "not connected" only with a date set, and disables everything until the accounts are known', () => {
    const empty = publishRules({
      choice: choice('', NO_NETWORKS),
      now: NOW,
      text: 'Hola',
      accounts: { ...CONNECTED_ACCOUNTS, linkedin: { connected: false, name: null, picture: null } },
      busy: false,
    });
    expect(empty.notConnected.linkedin).toBe(false);
    expect(empty.confirmDisabled).toBe(false);
    expect(empty.schedule).toEqual({ publish_on: null, networks: NO_NETWORKS });
    const loading = publishRules({ choice: choice(TODAY, BOTH, '10:00'), now: NOW, text: 'Hola', accounts: undefined, busy: true });
    expect(loading.checkboxDisabled).toEqual({ instagram: true, linkedin: true, facebook: true });
    expect(loading.confirmDisabled).toBe(true);
    expect(loading.publishesNow).toBe(true);
  });

  it('offers Facebook only to an owner with a Facebook page to publish to (issue 27), or a post already going there', () => {
    const base = { now: NOW, text: 'Hola', busy: false };
    expect(publishRules({ ...base, choice: choice(TODAY), accounts: CONNECTED_ACCOUNTS }).offered).toEqual(['instagram', 'linkedin']);
    expect(publishRules({ ...base, choice: choice(TODAY), accounts: undefined }).offered).toEqual(['instagram', 'linkedin']);
    const page = { ...CONNECTED_ACCOUNTS, facebook: { connected: true, name: 'Estudio Ferrer', picture: null } };
    const withPage = publishRules({ ...base, choice: choice('2026-06-11', { ...BOTH, facebook: true }), accounts: page });
    expect(withPage.offered).toEqual(['instagram', 'linkedin', 'facebook']);
    expect(withPage.schedule.networks).toEqual({ instagram: true, linkedin: true, facebook: true });
    // Chosen before its page went away: shown, not connected, and not sent.
    const gone = publishRules({ ...base, choice: choice('2026-06-11', { ...BOTH, facebook: true }), accounts: CONNECTED_ACCOUNTS });
    expect(gone.offered).toEqual(['instagram', 'linkedin', 'facebook']);
    expect(gone.notConnected.facebook).toBe(true);
    expect(gone.schedule.networks.facebook).toBe(false);
  });
});
