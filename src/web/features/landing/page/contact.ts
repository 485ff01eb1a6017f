import { CONTACT_FIELD_MAX_LENGTH } from '../../../../domain/contact-form-rules.ts';
import { SECTION_IDS } from '../landing-contract.ts';
import { type PageContext, attributes, text } from './html.ts';

interface FieldSpec {
  name: 'nombre' | 'empresa' | 'telefono' | 'email' | 'mensaje';
  label: string;
  required: boolean;
  type?: string;
  autocomplete: string;
}

const FIELDS: FieldSpec[] = [
  { name: 'nombre', label: 'name', required: true, autocomplete: 'name' },
  { name: 'empresa', label: 'company', required: false, autocomplete: 'organization' },
  { name: 'email', label: 'email', required: true, type: 'email', autocomplete: 'email' },
  { name: 'telefono', label: 'phone', required: false, type: 'tel', autocomplete: 'tel' },
  { name: 'mensaje', label: 'message', required: true, autocomplete: 'off' },
];

const errorId = (name: string) => `contact-${name}-error`;

function field(context: PageContext, spec: FieldSpec): string {
  const id = `contact-${spec.name}`;
  const control = attributes({
    id,
    name: spec.name,
    type: spec.name === 'mensaje' ? undefined : (spec.type ?? 'text'),
    autocomplete: spec.autocomplete,
    required: spec.required,
    maxlength: CONTACT_FIELD_MAX_LENGTH[spec.name],
    rows: spec.name === 'mensaje' ? 6 : undefined,
    'aria-describedby': errorId(spec.name),
  });
  const marker = spec.required ? ' <span class="required-marker" aria-hidden="true">*</span>' : '';
  return `<div${attributes({ class: spec.name === 'mensaje' ? 'field field-wide' : 'field' })}>
<label for="${id}">${text(context, 'span', `landing:contact.${spec.label}`)}${marker}</label>
${spec.name === 'mensaje' ? `<textarea${control}></textarea>` : `<input${control}>`}
<p class="field-error" id="${errorId(spec.name)}" data-error-for="${spec.name}" hidden></p>
</div>`;
}

/** The contact form (SPEC §3, §5): checked in the browser, then POST /api/contact-form. */
export function renderContact(context: PageContext): string {
  return `<section class="section section-tinted" id="${SECTION_IDS.contact}" aria-labelledby="contact-title">
<div class="container contact-inner">
<div class="contact-copy">
${text(context, 'h2', 'landing:contact.title', { id: 'contact-title' })}
${text(context, 'p', 'landing:contact.lead', { class: 'lead' })}
<div class="contact-aside">
${text(context, 'h3', 'landing:contact.asideTitle')}
${text(context, 'p', 'landing:contact.asideText')}
</div>
</div>
<form class="contact-form" novalidate data-contact-form aria-labelledby="contact-title">
<div class="fields">
${FIELDS.map((spec) => field(context, spec)).join('\n')}
<div class="field field-wide field-check">
<input type="checkbox" id="contact-politicaPrivacidad" name="politicaPrivacidad" required aria-describedby="${errorId('politicaPrivacidad')}">
<label for="contact-politicaPrivacidad">${text(context, 'span', 'landing:contact.privacyBefore')} ${text(context, 'a', 'landing:contact.privacyLink', { href: '/privacy' })} <span class="required-marker" aria-hidden="true">*</span></label>
<p class="field-error" id="${errorId('politicaPrivacidad')}" data-error-for="politicaPrivacidad" hidden></p>
</div>
</div>
<p class="form-message form-success" role="status" data-contact-success hidden></p>
<p class="form-message form-failure" role="alert" data-contact-failure hidden></p>
${text(context, 'button', 'landing:contact.submit', { type: 'submit', class: 'button button-primary button-wide' })}
</form>
</div>
</section>`;
}
