import { type ChangeEvent, useEffect } from 'react';
import { type FieldError, type FieldValues, type Path, type UseFormReturn, get } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client.ts';

/**
 * The server's refusal on the fields it names (its details are `validation` keys), for those that are
 * fields of this form. Says whether any was; the others are the caller's to show.
 */
function showServerErrorsOn<T extends FieldValues, C, O>(form: UseFormReturn<T, C, O>, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const values: object = form.getValues();
  const fields = Object.entries(error.details).filter(([name]) => name in values);
  for (const [name, key] of fields) form.setError(name as Path<T>, { message: key });
  return fields.length > 0;
}

/**
 * A react-hook-form form's fields for `LabelledField` and Mantine's inputs: `field(name)` registers one,
 * shows its error as a `validation` sentence (an unknown key reads as "invalid") and clears it as the
 * user types; `errorOf(name)` is that sentence alone, for a Controller's input. The server has the last
 * word: `showServerErrors(error)` puts a refusal on its fields, and so does a `serverError` handed in
 * (a form whose saving is its page's), each time it changes. `showProblem(name, key)` puts a message key
 * on a field (a check or an answer the form has as a key, such as the recovery flow's).
 */
export function useFormFields<T extends FieldValues, C, O>(form: UseFormReturn<T, C, O>, serverError?: unknown) {
  const { t: tv } = useTranslation('validation');
  const { errors } = form.formState;

  useEffect(() => {
    showServerErrorsOn(form, serverError);
  }, [form, serverError]);

  const errorOf = (name: Path<T>) => {
    const key = (get(errors, name) as FieldError | undefined)?.message;
    return key ? tv(key, { defaultValue: tv('invalid') }) : undefined;
  };
  const field = (name: Path<T>) => {
    const registered = form.register(name);
    return {
      ...registered,
      error: errorOf(name),
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        form.clearErrors(name);
        return registered.onChange(event);
      },
    };
  };
  const showProblem = (name: Path<T>, key: string, options?: { focus?: boolean }) =>
    form.setError(name, { message: key }, { shouldFocus: options?.focus ?? false });
  return { field, errorOf, showServerErrors: (error: unknown) => showServerErrorsOn(form, error), showProblem };
}
