import { CLOSE, EYE, EYE_OFF } from './icons.ts';
import { type PageContext, attributes, escapeHtml, text, translatedAttributes } from './html.ts';

/**
 * A labelled input as the app's LabelledField draws it: the label with its required mark, the input,
 * and the place of its error (filled in and linked by the script, client/field-errors.ts).
 */
export function field(
  context: PageContext,
  options: { id: string; name: string; type: 'email' | 'password'; label: string; placeholder?: string; autocomplete: string },
): string {
  const input = `<input${attributes({
    class: 'input',
    id: options.id,
    name: options.name,
    type: options.type,
    required: true,
    autocomplete: options.autocomplete,
    ...(options.placeholder ? translatedAttributes(context, { placeholder: options.placeholder }) : {}),
  })}>`;
  // Hidden from the accessibility tree (like the app's), so the field's name is its label alone.
  const label = `<label class="field-label" for="${options.id}">${text(context, 'span', options.label)}<span class="required" aria-hidden="true"> *</span></label>`;
  const control =
    options.type === 'password'
      ? `<div class="password">${input}<button${attributes({
          type: 'button',
          class: 'password-toggle',
          // Out of the tab order, as in the app: the field is reached by Tab, the toggle by pointer.
          tabindex: '-1',
          'aria-pressed': 'false',
          'data-password-toggle': true,
          ...translatedAttributes(context, { 'aria-label': 'common:showPassword' }),
        })}>${EYE}${EYE_OFF}</button></div>`
      : input;
  return `<div class="field">${label}${control}<p class="field-error" id="${options.id}-error" hidden></p></div>`;
}

/** A filled or default button; `loading` buttons hold a spinner the script shows while a request runs. */
export function button(
  context: PageContext,
  key: string,
  options: { type?: 'button' | 'submit'; variant?: 'filled' | 'default'; extra?: Record<string, string | boolean> } = {},
): string {
  const variant = options.variant ?? 'filled';
  const inner =
    options.type === 'submit'
      ? `${text(context, 'span', key, { class: 'button-label' })}<span class="loader" aria-hidden="true"></span>`
      : escapeHtml(context.t(key));
  const textMark = options.type === 'submit' ? {} : { 'data-t': key };
  return `<button${attributes({ type: options.type ?? 'button', class: `button button-${variant}`, ...textMark, ...options.extra })}>${inner}</button>`;
}

/** The dialogs' close button (an X), named "Cerrar". */
export function closeButton(context: PageContext): string {
  return `<button${attributes({ type: 'button', class: 'modal-close', 'data-close': true, ...translatedAttributes(context, { 'aria-label': 'common:actions.close' }) })}>${CLOSE}</button>`;
}
