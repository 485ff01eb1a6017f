import { DIALOG_IDS } from '../login-contract.ts';
import { RECOVERY_TEXTS as TEXTS } from '../recovery-flow.ts';
import { button, closeButton, field } from './fields.ts';
import { type PageContext, text } from './html.ts';

/*
 * The page's dialogs, each in a <template> until the script opens a copy of it (client/modal.ts): like
 * the app's, a dialog exists in the document only while open.
 */

/**
 * The sign-in failure (SPEC §8: titled with the server's message or "No coincide con ningún usuario",
 * the description, Aceptar). Its title is written by the script from the answer's error code, which
 * also hides the description's "check your credentials" when the refusal is not about them (client/login-form.ts).
 */
export function renderFailureDialog(context: PageContext): string {
  return `<template id="${DIALOG_IDS.failure}-template"><dialog class="modal" id="${DIALOG_IDS.failure}" aria-labelledby="${DIALOG_IDS.failure}-title">
<div class="modal-header"><h2 class="modal-title modal-title-error" id="${DIALOG_IDS.failure}-title"></h2>${closeButton(context)}</div>
<div class="modal-body">
${text(context, 'p', 'auth:login.failedDescription', { class: 'modal-text', 'data-credentials-hint': true })}
<div class="modal-actions modal-actions-spaced">${button(context, 'common:actions.accept', { extra: { 'data-close': true, 'data-initial-focus': true } })}</div>
</div>
</dialog></template>`;
}

/**
 * Password recovery in two steps (SPEC §2 "Login"): the e-mail, then the confirmation that it went out;
 * the texts and the steps are ../recovery-flow.ts's, as the app's dialog's.
 * Its field is not named "email" either: the sign-in form's is the page's one `input[name="email"]`.
 */
export function renderRecoveryDialog(context: PageContext): string {
  return `<template id="${DIALOG_IDS.recovery}-template"><dialog class="modal" id="${DIALOG_IDS.recovery}" aria-labelledby="${DIALOG_IDS.recovery}-title">
<div class="modal-header">${text(context, 'h2', TEXTS.title, { class: 'modal-title', id: `${DIALOG_IDS.recovery}-title` })}${closeButton(context)}</div>
<div class="modal-body">
<form class="stack" method="post" novalidate data-recovery-form>
${text(context, 'p', TEXTS.instructions, { class: 'text-sm' })}
${field(context, { id: 'recovery-email', name: 'recoveryEmail', type: 'email', label: TEXTS.email, autocomplete: 'email' })}
<div class="modal-actions">${button(context, TEXTS.cancel, { variant: 'default', extra: { 'data-close': true } })}${button(context, TEXTS.send, { type: 'submit' })}</div>
</form>
<div class="stack" data-recovery-sent hidden>
${text(context, 'p', TEXTS.sent, { class: 'sent' })}
${text(context, 'p', TEXTS.sentDetail, { class: 'text-sm' })}
<div class="modal-actions">${button(context, TEXTS.accept, { extra: { 'data-close': true } })}</div>
</div>
</div>
</dialog></template>`;
}
