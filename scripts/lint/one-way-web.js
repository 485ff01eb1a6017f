/**
 * The web's recurring jobs, done one way each (issue 22 item 3), kept so:
 * - an error becomes a sentence only in lib/use-error-message.ts (useErrorMessage): nothing else reads
 *   the `errors` namespace with useTranslation;
 * - a form's fields take their errors (the server's refusals included) through lib/use-form-fields.ts:
 *   features call neither setError nor clearErrors;
 * - the e-mail pattern is written only in src/domain/email.ts.
 * Rules of their own, not no-restricted-syntax, so they add to other configs' restrictions instead of replacing them.
 */

/** The string literals an expression may evaluate to: `'errors'`, `['errors', 'validation']`, `a ? [...] : [...]`. */
function literalsOf(node) {
  if (!node) return [];
  if (node.type === 'Literal' && typeof node.value === 'string') return [node.value];
  if (node.type === 'ArrayExpression') return node.elements.flatMap(literalsOf);
  if (node.type === 'ConditionalExpression') return [...literalsOf(node.consequent), ...literalsOf(node.alternate)];
  return [];
}

const errorSentence = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { own: "turn an error into a sentence with useErrorMessage (lib/use-error-message.ts), not the 'errors' namespace." },
  },
  create(context) {
    return {
      "CallExpression[callee.name='useTranslation']": (node) => {
        if (literalsOf(node.arguments[0]).includes('errors')) context.report({ node, messageId: 'own' });
      },
    };
  },
};

const formErrors = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { own: "bind a form's fields and put the server's refusal on them with useFormFields (lib/use-form-fields.ts)." },
  },
  create(context) {
    return {
      'CallExpression[callee.property.name=/^(setError|clearErrors)$/]': (node) => context.report({ node, messageId: 'own' }),
    };
  },
};

const emailPattern = {
  meta: { type: 'problem', schema: [], messages: { own: "the e-mail rule is domain's: import EMAIL_SHAPE or isEmailAddress from src/domain/email.ts." } },
  create(context) {
    return {
      'Literal[regex]': (node) => {
        if (node.regex.pattern.includes('@]+@')) context.report({ node, messageId: 'own' });
      },
    };
  },
};

const plugin = { rules: { 'error-sentence': errorSentence, 'form-errors': formErrors, 'email-pattern': emailPattern } };

export const oneWayWebConfig = [
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/**/*.test.{ts,tsx}', 'src/web/lib/use-error-message.ts'],
    plugins: { 'one-way': plugin },
    rules: { 'one-way/error-sentence': 'error' },
  },
  {
    files: ['src/web/features/**/*.{ts,tsx}'],
    ignores: ['src/web/**/*.test.{ts,tsx}'],
    plugins: { 'one-way': plugin },
    rules: { 'one-way/form-errors': 'error' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/domain/email.ts'],
    plugins: { 'one-way': plugin },
    rules: { 'one-way/email-pattern': 'error' },
  },
];
