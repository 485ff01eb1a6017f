import { describe, expect, it } from 'vitest';
import { resources } from '../../i18n/resources.ts';

describe('the My GPTs screen speaks as SPEC writes', () => {
  it('has the success messages of SPEC §8 word for word in English', () => {
    expect([resources.en.prompts.created, resources.en.prompts.deleted]).toEqual(['Prompt created successfully', 'Prompt deleted successfully']);
  });
});
