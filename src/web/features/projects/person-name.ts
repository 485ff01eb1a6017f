import type { Person } from '../../../domain/project.ts';

/** "last, first" as the projects table shows a person (SPEC §2), or "-" when there is none. */
export function personName(person: Pick<Person, 'first_name' | 'last_name'> | null | undefined): string {
  if (!person) return '-';
  const parts = [person.last_name.trim(), person.first_name.trim()].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : '-';
}
