import { describe, expect, it } from 'vitest';
import { findAiTells } from '../../../domain/ai-tells.ts';
import { LANGUAGES } from '../../../domain/languages.ts';
import { CATEGORIES } from '../../../domain/project.ts';
import { TEMPLATE_PHRASES, type TemplatePhrases } from './template-phrases.ts';

/** Every sentence of a language's phrases, filled with a project's values. */
function sentencesOf(phrases: TemplatePhrases): string[] {
  const title = 'Casa del Patio';
  return [
    phrases.untitled,
    ...CATEGORIES.flatMap((category) => [phrases.categories[category].name, phrases.categories[category].aProject]),
    phrases.presentation({ title, aProject: phrases.categories.residencial.aProject, location: 'Sant Cugat del Vallès', year: 2023 }),
    phrases.place(title, 'Sant Cugat del Vallès'),
    phrases.goingOn(title),
    phrases.team,
    phrases.closerLook(title),
    phrases.creditsOf(title),
    phrases.tourEnd(title),
    ...Object.values(phrases.labels),
    phrases.visit('https://www.estudio.es/casa-patio'),
    phrases.askForComments,
  ];
}

/** The template writer's sentences read as a person would write them (issue 24 item 5). */
describe('template phrases', () => {
  it.each(LANGUAGES)('have no AI tell in %s', (language) => {
    for (const sentence of sentencesOf(TEMPLATE_PHRASES[language])) expect(findAiTells(sentence, language), sentence).toEqual([]);
  });

  it.each(LANGUAGES)('opens post 2 in %s with the location as written, not a sentence about it', (language) => {
    expect(TEMPLATE_PHRASES[language].place('Reforma de un ático en Ruzafa', 'Ruzafa, Valencia')).toBe('📍 Ruzafa, Valencia');
  });
});
