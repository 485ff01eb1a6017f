import { DIALOG_IDS } from '../login-contract.ts';
import { RECOVERY_START, RECOVERY_TEXTS, startRecovery } from '../recovery-flow.ts';
import { showFieldError, showLoading } from './field-errors.ts';
import { openModal } from './modal.ts';
import type { PageLanguage } from './page-language.ts';

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

/** Runs one opened copy of the dialog (the steps are ../recovery-flow.ts's); returns what redraws it in the page's language. */
function followDialog(dialog: HTMLDialogElement, page: PageLanguage): () => void {
  const form = dialog.querySelector<HTMLFormElement>('[data-recovery-form]')!;
  const sent = dialog.querySelector<HTMLElement>('[data-recovery-sent]')!;
  const title = dialog.querySelector<HTMLElement>(`#${DIALOG_IDS.recovery}-title`)!;
  const email = form.elements.namedItem('recoveryEmail') as HTMLInputElement;
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  let state = RECOVERY_START;

  const render = () => {
    const titleKey = state.step === 'sent' ? RECOVERY_TEXTS.sentTitle : RECOVERY_TEXTS.title;
    title.setAttribute('data-t', titleKey);
    title.textContent = page.t(titleKey);
    form.hidden = state.step === 'sent';
    sent.hidden = state.step !== 'sent';
    showFieldError(email, state.problem && page.t(state.problem));
    showLoading(submit, state.pending);
  };
  const flow = startRecovery((next) => {
    state = next;
    render();
  });

  email.addEventListener('input', () => flow.edited());
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const reached = await flow.submit(email.value);
    if (reached.problem?.startsWith('validation:')) email.focus();
    if (reached.step === 'sent') sent.querySelector<HTMLButtonElement>('[data-close]')?.focus();
  });

  return render;
}
