import type { Insertable } from 'kysely';
import type { ProjectsTable } from '../db/schema.ts';
import { storedFlag, storedInstant } from './stored-values.ts';

/**
 * A projects row with every column filled in as the test database stores it, for tests and benches
 * that write many projects straight into the table (created at a given instant, in a given state).
 */
export function projectRowValues(values: Partial<Omit<ProjectsTable, 'id' | 'created_at' | 'updated_at'>> & { created_at?: Date }): Insertable<ProjectsTable> {
  const { created_at: createdAt = new Date(), ...rest } = values;
  return {
    title: 'Proyecto',
    description: 'Descripción',
    keywords: '',
    weblink: '',
    maps_url: '',
    location: '',
    show_map: storedFlag(false),
    promoter: '',
    collaborators: '',
    authors: '',
    category: '',
    year: null,
    photo_credit: '',
    photo_credit_link: '',
    publications: 1,
    required_ai: storedFlag(true),
    prompt_id: null,
    prompt_text: '',
    state: 'draft',
    created_by: null,
    assigned_to: null,
    ...rest,
    created_at: storedInstant(createdAt),
    updated_at: storedInstant(createdAt),
  };
}
