import type { PostAccounts, PostNetwork, ScheduleInput } from '../../../../domain/post.ts';
import { POST_NETWORKS, instagramTextProblem, isCalendarDay, scheduleProblems } from '../../../../domain/post-rules.ts';
import { isTimeOfDay } from '../../../../domain/studio-time.ts';
import { type StudioMoment, isBefore, scheduleTimeProblem } from '../studio-clock.ts';

export type Networks = Record<PostNetwork, boolean>;
export const NO_NETWORKS: Networks = { instagram: false, linkedin: false, facebook: false };

export interface PublishChoice {
  /** The date input's value: YYYY-MM-DD, or '' when empty (or not a whole date yet). */
  date: string;
  /** The time input's value: HH:MM (the studio's, 24 h), or '' while not a whole time. */
  time: string;
  /** The user set the time: a change of day keeps it (otherwise the time follows the day's default). */
  timeChosen: boolean;
  networks: Networks;
}

export interface PublishRulesInput {
  choice: PublishChoice;
  /** The studio's now (its today and time), from the server's clock. */
  now: StudioMoment;
  /** The post's text: one over Instagram's limits cannot go there (the server refuses it too). */
  text: string;
  /** The owner's accounts; undefined while they load or when they could not be read. */
  accounts: PostAccounts | undefined;
  busy: boolean;
}

/** Whether a date can carry networks: a real day, today or later. */
export function isUsableDate(date: string, today: string): boolean {
  return isCalendarDay(date) && date >= today;
}

/** The date's problem as a `validation` key: empty, not a day, or earlier than today. */
export function dateProblemOf(date: string, today: string): 'publishDateRequired' | 'dateInvalid' | 'publishDateInPast' | undefined {
  if (date === '') return 'publishDateRequired';
  if (!isCalendarDay(date)) return 'dateInvalid';
  if (date < today) return 'publishDateInPast';
  return undefined;
}

/**
 * The time a day starts with in the dialog: today, the current time (so today still publishes at once,
 * SPEC §4); a later day, the studio's publish hour.
 */
export function defaultTimeOf(date: string, now: StudioMoment, defaultTime: string): string {
  return date === now.day ? now.time : defaultTime;
}

/** SPEC §5: a past or empty date clears the selections; a time the user has not set follows the day. */
export function changeDate(choice: PublishChoice, date: string, now: StudioMoment, defaultTime: string): PublishChoice {
  return {
    ...choice,
    date,
    time: choice.timeChosen ? choice.time : defaultTimeOf(date, now, defaultTime),
    networks: isUsableDate(date, now.day) ? choice.networks : NO_NETWORKS,
  };
}

/** The time's problem as a `validation` key, for a usable date: not a time, or sooner than the lock margin. */
export function timeProblemOf(date: string, time: string, now: StudioMoment): 'timeInvalid' | 'publishTimeTooSoon' | undefined {
  if (!isTimeOfDay(time)) return 'timeInvalid';
  return scheduleTimeProblem({ day: date, time }, now, { allowNow: true }) === 'publishTimeTooSoon' ? 'publishTimeTooSoon' : undefined;
}

/**
 * What the publish configuration dialog shows and allows (SPEC §5 "Publish configuration"): a network's
 * checkbox is disabled when the date is invalid or empty, the owner's network is not connected, or while
 * loading; a date set with a network not connected says so beside it; Confirm is disabled when a date is
 * set and no network is chosen, or its time is not a time or falls inside the lock margin. A date is never
 * sent without a network. Today at the current time or earlier publishes at once.
 */
export function publishRules({ choice, now, text, accounts, busy }: PublishRulesInput) {
  const today = now.day;
  const dateProblem = dateProblemOf(choice.date, today);
  const usable = dateProblem === undefined;
  const timeProblem = usable ? timeProblemOf(choice.date, choice.time, now) : undefined;
  const textProblem = instagramTextProblem(text);
  const connected = (network: PostNetwork) => accounts?.[network].connected === true && !(network === 'instagram' && textProblem);

  const checkboxDisabled = {} as Networks;
  const notConnected = {} as Networks;
  const chosen = {} as Networks;
  for (const network of POST_NETWORKS) {
    checkboxDisabled[network] = !usable || !connected(network) || accounts === undefined || busy;
    notConnected[network] = choice.date !== '' && accounts !== undefined && accounts[network].connected !== true;
    // A network chosen earlier whose account has gone since is not sent.
    chosen[network] = usable && choice.networks[network] && connected(network);
  }
  const anyChosen = POST_NETWORKS.some((network) => chosen[network]);
  // Facebook Pages (issue 27) is offered only to an owner with a page chosen to publish to: a studio that
  // never connected it sees the two networks it uses, not a third always "not connected".
  const offered = POST_NETWORKS.filter((network) => network !== 'facebook' || accounts?.facebook.connected === true || choice.networks.facebook);
  const schedule: ScheduleInput =
    choice.date === '' ? { publish_on: null, networks: NO_NETWORKS } : { publish_on: choice.date, publish_time: choice.time, networks: chosen };
  const confirmDisabled =
    busy || (choice.date !== '' && (!usable || !anyChosen || timeProblem !== undefined)) || Object.keys(scheduleProblems(schedule, today)).length > 0;
  const publishesNow = usable && timeProblem === undefined && choice.date === today && !isBefore(now, { day: choice.date, time: choice.time });

  return {
    dateProblem,
    timeProblem,
    instagramTextProblem: textProblem,
    checkboxDisabled,
    notConnected,
    chosen,
    anyChosen,
    offered,
    schedule,
    confirmDisabled,
    publishesNow,
  };
}
