import { POST_NETWORKS, type PostAccounts, type PostNetwork, type ScheduleInput, daySchema, instagramTextProblem, scheduleProblems } from '../../../../domain/post.ts';

export type Networks = Record<PostNetwork, boolean>;
export const NO_NETWORKS: Networks = { instagram: false, linkedin: false };

export interface PublishChoice {
  /** The date input's value: YYYY-MM-DD, or '' when empty (or not a whole date yet). */
  date: string;
  networks: Networks;
}

export interface PublishRulesInput {
  choice: PublishChoice;
  /** The studio's today, from the server. */
  today: string;
  /** The post's text: one over Instagram's limits cannot go there (the server refuses it too). */
  text: string;
  /** The owner's accounts; undefined while they load or when they could not be read. */
  accounts: PostAccounts | undefined;
  busy: boolean;
}

/** Whether a date can carry networks: a real day, today or later. */
export function isUsableDate(date: string, today: string): boolean {
  return daySchema.safeParse(date).success && date >= today;
}

/** The date's problem as a `validation` key: empty, not a day, or earlier than today. */
export function dateProblemOf(date: string, today: string): 'publishDateRequired' | 'dateInvalid' | 'publishDateInPast' | undefined {
  if (date === '') return 'publishDateRequired';
  if (!daySchema.safeParse(date).success) return 'dateInvalid';
  if (date < today) return 'publishDateInPast';
  return undefined;
}

/** SPEC §5: a past or empty date clears the selections. */
export function changeDate(choice: PublishChoice, date: string, today: string): PublishChoice {
  return { date, networks: isUsableDate(date, today) ? choice.networks : NO_NETWORKS };
}

/**
 * What the publish configuration dialog shows and allows (SPEC §5 "Publish configuration"): a network's
 * checkbox is disabled when the date is invalid or empty, the owner's network is not connected, or while
 * loading; a date set with a network not connected says so beside it; Confirm is disabled when a date is
 * set and no network is chosen. A date is never sent without a network.
 */
export function publishRules({ choice, today, text, accounts, busy }: PublishRulesInput) {
  const dateProblem = dateProblemOf(choice.date, today);
  const usable = dateProblem === undefined;
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
  const schedule: ScheduleInput = choice.date === '' ? { publish_on: null, networks: NO_NETWORKS } : { publish_on: choice.date, networks: chosen };
  const confirmDisabled = busy || (choice.date !== '' && (!usable || !anyChosen)) || Object.keys(scheduleProblems(schedule, today)).length > 0;

  return { dateProblem, instagramTextProblem: textProblem, checkboxDisabled, notConnected, chosen, schedule, confirmDisabled, publishesNow: usable && choice.date === today };
}
