import { findRecoveryProblem } from './client/credential-rules.ts';
import { errorMessageKey, postJson } from './client/requests.ts';

/*
 * The forgot-password request (SPEC §2 "Login", §5), the one implementation behind both of its dialogs:
 * the prerendered login's (client/recovery-dialog.ts, DOM) and the app's (../forgot-password-dialog.tsx,
 * Mantine, on /reset-password). Each draws the state; this holds the steps, the check, the request and
 * the texts. Free of libraries (no zod, no React), so the login's small script carries it as it is.
 */

/** The dialog's texts (namespace:key): its title by step, then what both steps show. */
export const RECOVERY_TEXTS = {
  title: 'auth:recovery.title',
  sentTitle: 'auth:recovery.sentTitle',
  instructions: 'auth:recovery.instructions',
  email: 'auth:recovery.email',
  send: 'auth:recovery.send',
  cancel: 'common:actions.cancel',
  sent: 'auth:recovery.sent',
  sentDetail: 'auth:recovery.sentDetail',
  accept: 'common:actions.accept',
} as const;

/** Where the dialog is: asking for the e-mail (with the key of the message under it, if any), or sent. */
export interface RecoveryState {
  step: 'email' | 'sent';
  /** A validation message (`validation:emailNeedsAt`) or the server's refusal (`errors:TOO_MANY_ATTEMPTS`). */
  problem: string | undefined;
  pending: boolean;
}

export const RECOVERY_START: RecoveryState = { step: 'email', problem: undefined, pending: false };

export interface RecoveryFlow {
  /** The field was edited: its message goes. */
  edited(): void;
  /** Checks the e-mail (it must contain @) and, when right, asks for the e-mail; one request at a time. Resolves to the state reached. */
  submit(email: string): Promise<RecoveryState>;
}

/** One opening of the dialog, from an empty field; `show` draws each state. */
export function startRecovery(show: (state: RecoveryState) => void): RecoveryFlow {
  let state = RECOVERY_START;
  const set = (next: Partial<RecoveryState>) => {
    state = { ...state, ...next };
    show(state);
    return state;
  };
  return {
    edited: () => void (state.problem && set({ problem: undefined })),
    async submit(email) {
      if (state.pending) return state;
      const wrong = findRecoveryProblem(email);
      if (wrong) return set({ problem: `validation:${wrong}` });
      set({ problem: undefined, pending: true });
      const answer = await postJson('/api/auth/request-password-reset', { email: email.trim() });
      return answer.ok ? set({ pending: false, step: 'sent' }) : set({ pending: false, problem: errorMessageKey(answer.code) });
    },
  };
}
