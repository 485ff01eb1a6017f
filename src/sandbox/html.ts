/**
 * The sandbox's own pages: the consent screens, their error pages and the list of what was published.
 * Plain HTML with one inline stylesheet and no script, so they work under the app's CSP.
 */

import { escapeHtml } from '../domain/html.ts';

const STYLES = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;background:#f3f2ef;color:#1d2226;line-height:1.45}
a{color:inherit}
.ribbon{background:#fff8e1;border-bottom:1px solid #f0d98a;color:#6b5200;font-size:13px;padding:8px 16px;text-align:center}
.ribbon strong{letter-spacing:.04em;text-transform:uppercase;font-size:11px;background:#f5c842;color:#3d2f00;border-radius:4px;padding:2px 6px;margin-right:8px}
main{max-width:560px;margin:40px auto;padding:0 16px}
main.wide{max-width:980px}
.card{background:#fff;border:1px solid #e0dfdc;border-radius:12px;padding:28px 32px;box-shadow:0 1px 2px rgba(0,0,0,.04)}
.brand{display:flex;align-items:center;gap:10px;margin-bottom:20px;font-weight:600;font-size:15px;color:#56687a}
.mark{width:34px;height:34px;border-radius:7px;display:grid;place-items:center;color:#fff;font-weight:700;font-size:18px;font-family:Georgia,serif}
.mark.linkedin{background:#0a66c2}
.mark.meta{background:#1877f2;font-family:system-ui,sans-serif;font-size:22px}
h1{font-size:22px;line-height:1.3;margin:0 0 6px}
.lead{color:#56687a;margin:0 0 22px}
.who{display:flex;align-items:center;gap:12px;padding:14px 0;border-top:1px solid #ebeae7;border-bottom:1px solid #ebeae7;margin-bottom:18px}
.avatar{width:44px;height:44px;border-radius:50%;background:#1f6f5c;color:#fff;display:grid;place-items:center;font-weight:600;flex:none}
.who small{display:block;color:#56687a}
h2{font-size:14px;margin:0 0 10px;color:#38434f}
ul.scopes{list-style:none;margin:0 0 22px;padding:0}
ul.scopes li{display:flex;gap:10px;align-items:flex-start;padding:7px 0;font-size:14px}
ul.scopes li::before{content:"";width:8px;height:8px;border-radius:50%;background:#0a66c2;margin-top:7px;flex:none}
ul.scopes.checks li::before{display:none}
ul.scopes label{display:flex;gap:10px;align-items:flex-start;cursor:pointer}
ul.scopes input{margin-top:3px;width:16px;height:16px;accent-color:#1877f2}
ul.scopes code{font-size:12px;color:#56687a}
.actions{display:flex;justify-content:flex-end;gap:10px}
button{font:inherit;font-weight:600;border-radius:999px;padding:9px 22px;cursor:pointer;border:1px solid transparent}
button.secondary{background:#fff;border-color:#8c8c8c;color:#38434f}
button.primary{background:#0a66c2;color:#fff}
button.primary.meta{background:#1877f2;border-radius:8px}
button.secondary.meta{border-radius:8px}
.fine{font-size:12px;color:#6b7785;margin:18px 0 0;word-break:break-all}
.error h1{color:#b3261e}
table{width:100%;border-collapse:collapse;font-size:14px}
th,td{text-align:left;padding:8px 6px;border-bottom:1px solid #ebeae7;vertical-align:top}
th{color:#56687a;font-weight:600;font-size:12px;text-transform:uppercase;letter-spacing:.04em}
section{margin-bottom:28px}
.posts{display:grid;gap:14px}
.post{background:#fff;border:1px solid #e0dfdc;border-radius:12px;padding:16px 18px}
.post header{display:flex;justify-content:space-between;gap:12px;font-size:13px;color:#56687a;margin-bottom:8px}
.post header strong{color:#1d2226}
.post p{white-space:pre-wrap;margin:0 0 10px}
.images{display:flex;gap:8px;flex-wrap:wrap}
.images img{height:120px;border-radius:6px;border:1px solid #e0dfdc;background:#fafafa}
.empty{color:#6b7785;background:#fff;border:1px dashed #d4d2cd;border-radius:12px;padding:18px;text-align:center}
code.block{display:block;background:#1d2226;color:#e8eaed;border-radius:8px;padding:12px 14px;font-size:12.5px;white-space:pre-wrap;margin:8px 0}
`;

/** A sandbox page; `styles` adds to the shared stylesheet (the posts' own look). */
export function page(input: { title: string; body: string; wide?: boolean; styles?: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(input.title)}</title>
<style>${STYLES}${input.styles ?? ''}</style>
</head>
<body>
<div class="ribbon"><strong>Sandbox</strong>Alzado's local emulation of LinkedIn and Meta. Nothing here reaches the real networks.</div>
<main${input.wide ? ' class="wide"' : ''}>
${input.body}
</main>
</body>
</html>`;
}

export function hiddenFields(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
}

/** The page a provider shows for a request it cannot serve (bad client id, unregistered redirect). */
export function errorPage(network: 'linkedin' | 'meta', title: string, detail: string): string {
  const mark = network === 'linkedin' ? '<div class="mark linkedin">in</div>LinkedIn' : '<div class="mark meta">f</div>Facebook';
  return page({
    title,
    body: `<div class="card error"><div class="brand">${mark}</div><h1>${escapeHtml(title)}</h1><p class="lead">${escapeHtml(detail)}</p></div>`,
  });
}
