import type { DemoSummary } from './seed-demo.ts';

const ROLE_NAMES = { admin: 'administrator', customer: 'customer (Estudio Roca)', publisher: 'publisher' } as const;

/** What the demo made and how to sign in to see it, for the person who ran `npm run demo`. */
export function printSummary(summary: DemoSummary, context: { publicUrl: string; adminCreated: boolean; database: string }): void {
  const lines = ['', `The demo studio is ready (database: ${context.database}).`, '', 'Projects:'];
  for (const project of summary.projects) {
    const posts = project.posts > 0 ? `, ${project.posts} post(s)` : '';
    lines.push(`  #${project.id} ${project.title}: ${project.state}, ${project.images} image(s)${posts}`);
  }
  lines.push('', `Prompts in My GPTs: ${summary.prompts.map((prompt) => `"${prompt.title}" (${prompt.public ? 'public' : 'private'})`).join(', ')}`);
  lines.push(
    'skipped' in summary.scheduled
      ? `Scheduled: not done, because ${summary.scheduled.skipped}.`
      : `Scheduled: post #${summary.scheduled.postId} of "${summary.scheduled.projectTitle}" on ${summary.scheduled.day} to the customer's LinkedIn (sandbox).`,
  );
  lines.push('', `Start the app with \`npm start\` (same DATA_DIR / DATABASE_URL) and open ${context.publicUrl}. Sign in as:`);
  for (const account of summary.accounts) {
    const password = account.role === 'admin' && !context.adminCreated ? '(your ADMIN_PASSWORD)' : account.password;
    lines.push(`  ${ROLE_NAMES[account.role].padEnd(26)} ${account.email.padEnd(26)} ${password}`);
  }
  lines.push('', 'The passwords are shown only this once; change them in each profile.', '');
  console.log(lines.join('\n'));
}
