import { TagsInput } from '@mantine/core';
import { uniqueKeywords } from '../../../../domain/keywords.ts';

export interface KeywordsInputProps {
  label: string;
  placeholder?: string;
  description?: string;
  error?: string;
  value: string[];
  onChange: (keywords: string[]) => void;
  onBlur?: () => void;
}

/**
 * Keywords as chips (SPEC §5): Enter, a comma or leaving the field adds the typed word; each is
 * trimmed and kept once (compared without case); Backspace in the empty input or a chip's x removes
 * one. A comma always splits, since keywords travel as one comma-separated string.
 */
export function KeywordsInput({ label, placeholder, description, error, value, onChange, onBlur }: KeywordsInputProps) {
  return (
    <TagsInput
      label={label}
      placeholder={placeholder}
      description={error ? undefined : description}
      error={error}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      value={value}
      onChange={(keywords) => onChange(uniqueKeywords(keywords))}
      onBlur={onBlur}
      splitChars={[',']}
      acceptValueOnBlur
      isDuplicate={(keyword, current) => current.some((existing) => existing.trim().toLowerCase() === keyword.trim().toLowerCase())}
    />
  );
}
