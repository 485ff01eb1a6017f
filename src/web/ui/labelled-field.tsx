import { PasswordInput, TextInput, Textarea } from '@mantine/core';
import type { ChangeEventHandler, FocusEventHandler, Ref } from 'react';
import { useTranslation } from 'react-i18next';

export interface LabelledFieldProps {
  label: string;
  name: string;
  value?: string | number;
  defaultValue?: string | number;
  type?: 'text' | 'email' | 'password' | 'number' | 'url' | 'tel' | 'date';
  /** The 6-row multi-line variant. */
  multiline?: boolean;
  required?: boolean;
  placeholder?: string;
  disabled?: boolean;
  min?: number | string;
  /** Shown in red; replaces the helper text. */
  error?: string;
  /** Shown only when there is no error. */
  helperText?: string;
  autoComplete?: string;
  onChange?: ChangeEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  onBlur?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  ref?: Ref<HTMLInputElement & HTMLTextAreaElement>;
}

/**
 * The labelled form field of SPEC §2 "Shared": label, required marker, placeholder, disabled, input
 * type with a 6-row multi-line variant, min, error text in red, helper text only when there is no error.
 */
export function LabelledField({ label, name, type = 'text', multiline = false, required = false, error, helperText, min, ref, ...rest }: LabelledFieldProps) {
  const { t } = useTranslation();
  const common = {
    label,
    name,
    // No id of our own: Mantine gives each field a unique one, so two forms on one screen (the login
    // form and the recovery dialog both have an "email") keep their labels on their own inputs.
    required,
    withAsterisk: required,
    error: error || undefined,
    description: error ? undefined : helperText,
    inputWrapperOrder: ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[],
    ...rest,
  };
  if (multiline) return <Textarea {...common} ref={ref} rows={6} />;
  if (type === 'password') return <PasswordInput {...common} ref={ref} visibilityToggleButtonProps={{ 'aria-label': t('showPassword') }} />;
  return <TextInput {...common} ref={ref} type={type} min={min} />;
}
