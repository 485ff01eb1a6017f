import { type Language, htmlLangOf } from '../../../../../domain/languages.ts';
import { type RenderedPage, startPage } from '../../../../lib/static-page/html.ts';
import type { Translate } from '../../../../lib/static-page/markers.ts';
import { DICTIONARIES_ID, RUNTIME_KEYS, RUNTIME_TEXTS_ID } from '../login-contract.ts';
import { renderFailureDialog, renderRecoveryDialog } from './dialogs.ts';
import { button, field } from './fields.ts';
import { attributes, text, translatedAttributes } from './html.ts';
import { renderLanguageMenu } from './language-menu.ts';

/** Stands in the page for the JSON that names each language's dictionary, until the build knows it. */
export const DICTIONARIES_PLACEHOLDER = '"__LOGIN_DICTIONARIES__"';

export type RenderedLogin = RenderedPage;

/**
 * /login as one HTML document in `language` (SPEC §2 "Login": logo, e-mail and password form, the
 * forgot-password link, the link back to the site; the language menu of the app's bare pages).
 * `assets` is what the build puts in the head: the inlined stylesheet and the script's tag.
 */
export function renderLogin(options: { language: Language; translate: Translate; assets: string }): RenderedLogin {
  const page = startPage({ language: options.language, translate: options.translate, runtimeKeys: RUNTIME_KEYS });
  const context = page.context;
  const form = `<form class="login-form" method="post" novalidate data-login-form>
${field(context, { id: 'login-email', name: 'email', type: 'email', label: 'auth:login.email', placeholder: 'auth:login.emailPlaceholder', autocomplete: 'username' })}
${field(context, { id: 'login-password', name: 'password', type: 'password', label: 'auth:login.password', placeholder: 'auth:login.passwordPlaceholder', autocomplete: 'current-password' })}
${button(context, 'auth:login.submit', { type: 'submit', extra: { class: 'button button-filled button-block' } })}
</form>`;
  const html = `<!doctype html>
<html lang="${htmlLangOf(options.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Alzado</title>
<meta${attributes({ name: 'description', ...translatedAttributes(context, { content: 'auth:login.subtitle' }) })}>
<link rel="icon" type="image/svg+xml" href="/logo.svg">
${options.assets}
</head>
<body>
${renderLanguageMenu(context)}
<main class="screen">
<div class="card">
<img class="logo" src="/logo.svg" alt="Alzado" width="56" height="56">
<div>${text(context, 'h1', 'auth:login.title')}${text(context, 'p', 'auth:login.subtitle', { class: 'subtitle' })}</div>
${form}
${text(context, 'button', 'auth:login.forgotPassword', { type: 'button', class: 'link', 'data-open-recovery': true })}
${text(context, 'a', 'auth:login.backToSite', { class: 'link link-dimmed', href: '/' })}
</div>
</main>
${renderFailureDialog(context)}
${renderRecoveryDialog(context)}
${page.dataScripts({ runtimeTexts: RUNTIME_TEXTS_ID, dictionaries: DICTIONARIES_ID }, DICTIONARIES_PLACEHOLDER)}
</body>
</html>
`;
  return page.finish(html);
}
