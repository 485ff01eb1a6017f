import { type ContactFormField, type ContactFormInput, findContactFormProblems } from '../../../../domain/contact-form-rules.ts';
import type { PageLanguage } from './page-language.ts';

type Status = 'idle' | 'sending' | 'success' | 'error';

/**
 * The contact form (SPEC §3–§5): checked with the same rules as the server, sent as JSON to
 * POST /api/contact-form, with idle, success and error states. Field errors are message keys of the
 * `validation` namespace, from this check or from the server's 400.
 */
export function setUpContactForm(page: PageLanguage): void {
  const form = document.querySelector<HTMLFormElement>('[data-contact-form]');
  if (!form) return;
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const success = form.querySelector<HTMLElement>('[data-contact-success]')!;
  const failure = form.querySelector<HTMLElement>('[data-contact-failure]')!;
  let errors: Partial<Record<ContactFormField, string>> = {};
  let status: Status = 'idle';

  const control = (name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement | null;
  const values = (): ContactFormInput => ({
    nombre: control('nombre')?.value ?? '',
    empresa: control('empresa')?.value ?? '',
    telefono: control('telefono')?.value ?? '',
    email: control('email')?.value ?? '',
    mensaje: control('mensaje')?.value ?? '',
    politicaPrivacidad: (control('politicaPrivacidad') as HTMLInputElement | null)?.checked ?? false,
  });

  const render = () => {
    for (const message of form.querySelectorAll<HTMLElement>('[data-error-for]')) {
      const name = message.dataset.errorFor as ContactFormField;
      const key = errors[name];
      message.hidden = !key;
      message.textContent = key ? page.t(`validation:${key}`) : '';
      control(name)?.setAttribute('aria-invalid', String(Boolean(key)));
    }
    success.hidden = status !== 'success';
    success.textContent = status === 'success' ? page.t('landing:contact.success') : '';
    failure.hidden = status !== 'error';
    failure.textContent = status === 'error' ? page.t('landing:contact.error') : '';
    submit.disabled = status === 'sending';
    submit.textContent = page.t(status === 'sending' ? 'landing:contact.sending' : 'landing:contact.submit');
  };

  const focusFirstError = () => {
    const first = (Object.keys(errors) as ContactFormField[])[0];
    if (first) control(first)?.focus();
  };

  // An error goes away as soon as its field is edited (as the login form does).
  form.addEventListener('input', (event) => {
    const name = (event.target as HTMLInputElement).name as ContactFormField;
    if (errors[name]) {
      delete errors[name];
      render();
    }
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (status === 'sending') return;
    const input = values();
    errors = findContactFormProblems(input);
    status = 'idle';
    render();
    if (Object.keys(errors).length > 0) return focusFirstError();

    status = 'sending';
    render();
    try {
      const response = await fetch('/api/contact-form', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ ...input, idioma: page.current() }),
      });
      if (response.status === 400) {
        const body = (await response.json().catch(() => ({}))) as { error?: { details?: Record<string, string> } };
        errors = body.error?.details ?? {};
      }
      status = response.ok ? 'success' : 'error';
    } catch {
      status = 'error';
    }
    if (status === 'success') form.reset();
    render();
    if (status === 'error') focusFirstError();
  });

  page.onChange(render);
}
