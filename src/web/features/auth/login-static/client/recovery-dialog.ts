import { DIALOG_IDS } from '../login-contract.ts';
import { findRecoveryProblem } from './credential-rules.ts';
import { showFieldError, showLoading } from './field-errors.ts';
import { openModal } from './modal.ts';
import type { PageLanguage } from './page-language.ts';
import { errorMessageKey, postJson } from './requests.ts';

/**
 * "¿Has olvidado la contraseña?" (SPEC §2 "Login", §5): a dialog asking for the e-mail, checked before
 * anything is sent (it must contain @), then POST /api/auth/request-password-reset and the second step,
 * the confirmation. A refusal shows under the field. Each opening starts from an empty field.
 */
export function setUpRecoveryDialog(page: PageLanguage): void {
  const template = document.getElementById(`${DIALOG_IDS.recovery}-template`) as HTMLTemplateElement | null;
  const opener = document.querySelector<HTMLButtonElement>('[data-open-recovery]');
  if (!template || !opener) return;
  opener.addEventListener('click', () => {
    let stopFollowingLanguage = () => {};
    const dialog = openModal(template, () => stopFollowingLanguage());
    stopFollowingLanguage = page.onChange(followDialog(dialog, page));
  });
}

/** Runs one opened copy of the dialog; returns what redraws it in the page's language. */
function followDialog(dialog: HTMLDialogElement, page: PageLanguage): () => void {
  const form = dialog.querySelector<HTMLFormElement>('[data-recovery-form]')!;
  const sent = dialog.querySelector<HTMLElement>('[data-recovery-sent]')!;
  const title = dialog.querySelector<HTMLElement>(`#${DIALOG_IDS.recovery}-title`)!;
  const email = form.elements.namedItem('recoveryEmail') as HTMLInputElement;
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  // The message's key: a validation message, or the server's error code.
  let problem: string | undefined;
  let step: 'email' | 'sent' = 'email';
  let pending = false;

  const render = () => {
    const titleKey = step === 'sent' ? 'auth:recovery.sentTitle' : 'auth:recovery.title';
    title.setAttribute('data-t', titleKey);
    title.textContent = page.t(titleKey);
    form.hidden = step === 'sent';
    sent.hidden = step !== 'sent';
    showFieldError(email, problem && page.t(problem));
  };

  email.addEventListener('input', () => {
    if (!problem) return;
    problem = undefined;
    render();
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (pending) return;
    const wrong = findRecoveryProblem(email.value);
    problem = wrong && `validation:${wrong}`;
    render();
    if (problem) return email.focus();

    pending = true;
    showLoading(submit, true);
    const answer = await postJson('/api/auth/request-password-reset', { email: email.value.trim() });
    pending = false;
    showLoading(submit, false);
    if (answer.ok) step = 'sent';
    else problem = errorMessageKey(answer.code);
    render();
    if (step === 'sent') sent.querySelector<HTMLButtonElement>('[data-close]')?.focus();
  });

  return render;
}
