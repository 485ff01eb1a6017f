/**
 * Shows or clears a field's error as the app's fields do: the text in red under the input, the input
 * marked invalid and described by it. The error element is `<input id>-error` (page/fields.ts).
 */
export function showFieldError(input: HTMLInputElement, message: string | undefined): void {
  const error = document.getElementById(`${input.id}-error`);
  if (error) {
    error.hidden = !message;
    error.textContent = message ?? '';
  }
  if (message) {
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', `${input.id}-error`);
  } else {
    input.removeAttribute('aria-invalid');
    input.removeAttribute('aria-describedby');
  }
}

/** A submit button's request under way: a spinner instead of its label, and no more clicks. */
export function showLoading(button: HTMLButtonElement, loading: boolean): void {
  button.disabled = loading;
  button.toggleAttribute('data-loading', loading);
  if (loading) button.setAttribute('aria-busy', 'true');
  else button.removeAttribute('aria-busy');
}
