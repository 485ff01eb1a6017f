import { act, renderHook } from '@testing-library/react';
import type { ChangeEvent, ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/index.ts';
import { resources } from '../i18n/resources.ts';
import { ApiError } from './api-client.ts';
import { useFormFields } from './use-form-fields.ts';

function renderFields(serverError?: unknown) {
  const i18n = initI18n({ detect: false, resources });
  void i18n.changeLanguage('es');
  const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
  return renderHook(
    (props: { serverError?: unknown }) => {
      const form = useForm<{ title: string; email: string }>({ defaultValues: { title: '', email: '' } });
      return { form, ...useFormFields(form, props.serverError) };
    },
    { wrapper, initialProps: { serverError } },
  );
}

describe('useFormFields', () => {
  it("puts a refusal's details on the form's own fields, as sentences, and says whether any was", () => {
    const { result } = renderFields();
    let shown = false;
    act(() => void (shown = result.current.showServerErrors(new ApiError(400, 'VALIDATION_FAILED', 'Invalid', { title: 'titleRequired', other: 'invalid' }))));
    expect(shown).toBe(true);
    expect(result.current.field('title').error).toBe('El título es obligatorio');
    expect(result.current.errorOf('email')).toBeUndefined();
    act(() => void (shown = result.current.showServerErrors(new ApiError(400, 'VALIDATION_FAILED', 'Invalid', { other: 'invalid' }))));
    expect(shown).toBe(false);
    expect(result.current.showServerErrors(new Error('boom'))).toBe(false);
  });

  it('reads an unknown key as "invalid", and clears a field\'s error as the user types', async () => {
    const { result } = renderFields();
    act(() => result.current.form.setError('email', { message: 'noSuchKey' }));
    expect(result.current.errorOf('email')).toBe('Valor no válido');
    const event = { target: { name: 'email', value: 'a' }, type: 'change' } as unknown as ChangeEvent<HTMLInputElement>;
    await act(async () => void (await result.current.field('email').onChange(event)));
    expect(result.current.errorOf('email')).toBeUndefined();
  });

  it('shows a refusal handed in, each time it changes', () => {
    const { result, rerender } = renderFields();
    expect(result.current.errorOf('email')).toBeUndefined();
    rerender({ serverError: new ApiError(400, 'AUTH_USER_NOT_CREATED', 'Taken', { email: 'emailTaken' }) });
    expect(result.current.errorOf('email')).toBe('Ya existe un usuario con este email');
  });
});
