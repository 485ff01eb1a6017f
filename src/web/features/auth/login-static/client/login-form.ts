import { DIALOG_IDS, ERROR_CODES_SHOWN } from '../login-contract.ts';
import { type CredentialProblems, type Credentials, findCredentialProblems } from './credential-rules.ts';
import { showFieldError, showLoading } from './field-errors.ts';
import { openModal } from './modal.ts';
import type { PageLanguage } from './page-language.ts';
import { postJson } from './requests.ts';

/** The failure dialog's title: the server's message for a code it has one for, else SPEC's "No coincide con ningún usuario". */
export function failureTitleKey(code: string): string {
  const known = (ERROR_CODES_SHOWN as readonly string[]).includes(code) && code !== 'UNKNOWN';
  return known ? `errors:${code}` : 'auth:login.failedTitle';
}

/**
 * Refusals that are not about the credentials: too many attempts (429) or sign-ins, no answer, the
 * service down. Their title says to wait or try again; "check your credentials" would mislead (issue 29).
 */
const NOT_ABOUT_CREDENTIALS = new Set(['TOO_MANY_ATTEMPTS', 'SIGN_IN_BUSY', 'NETWORK', 'SERVICE_UNAVAILABLE']);

/** Whether the failure dialog adds SPEC's "check your credentials and try again". */
export function failureConcernsCredentials(code: string): boolean {
  return !NOT_ABOUT_CREDENTIALS.has(code);
}

/**
 * The sign-in form (SPEC §5 "Login", §8): checked before sending with the schemas' rules, each error
 * cleared as soon as its field is edited, the first wrong field focused; then POST
 * /api/auth/sign-in/email. A refusal opens the failure dialog; a success calls `onSignedIn`.
 */
export function setUpLoginForm(page: PageLanguage, onSignedIn: () => Promise<void>): void {
  const form = document.querySelector<HTMLFormElement>('[data-login-form]');
  const failureTemplate = document.getElementById(`${DIALOG_IDS.failure}-template`) as HTMLTemplateElement | null;
  if (!form || !failureTemplate) return;
  const inputs = { email: form.elements.namedItem('email') as HTMLInputElement, password: form.elements.namedItem('password') as HTMLInputElement };
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  let problems: CredentialProblems = {};
  let failureCode = '';
  let pending = false;

  const render = () => {
    for (const name of ['email', 'password'] as const) showFieldError(inputs[name], problems[name] && page.t(`validation:${problems[name]}`));
    const failureTitle = document.getElementById(`${DIALOG_IDS.failure}-title`);
    if (failureTitle) failureTitle.textContent = page.t(failureTitleKey(failureCode));
    const credentialsHint = document.querySelector<HTMLElement>(`#${DIALOG_IDS.failure} [data-credentials-hint]`);
    if (credentialsHint) credentialsHint.hidden = !failureConcernsCredentials(failureCode);
  };

  form.addEventListener('input', (event) => {
    const name = (event.target as HTMLInputElement).name as keyof Credentials;
    if (!problems[name]) return;
    delete problems[name];
    render();
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (pending) return;
    const credentials: Credentials = { email: inputs.email.value, password: inputs.password.value };
    problems = findCredentialProblems(credentials);
    render();
    const firstWrong = (['email', 'password'] as const).find((name) => problems[name]);
    if (firstWrong) return inputs[firstWrong].focus();

    pending = true;
    showLoading(submit, true);
    // The schema trims the address (domain/auth.ts), so what is sent is what it checked.
    const answer = await postJson('/api/auth/sign-in/email', { email: credentials.email.trim(), password: credentials.password });
    if (answer.ok) return onSignedIn(); // the button keeps spinning until the next page replaces this one
    pending = false;
    showLoading(submit, false);
    failureCode = answer.code;
    openModal(failureTemplate);
    render();
  });

  // The eye in the password field shows and hides what was typed.
  const toggle = form.querySelector<HTMLButtonElement>('[data-password-toggle]');
  toggle?.addEventListener('click', () => {
    const shown = inputs.password.type === 'password';
    inputs.password.type = shown ? 'text' : 'password';
    toggle.setAttribute('aria-pressed', String(shown));
  });

  page.onChange(render);
}
