import path from 'node:path';
import type { SocialClients } from './adapters/social-clients.ts';
import type { Config } from './config.ts';

/**
 * The block `npm start` ends with once the server answers (issue 28): plain text for a person, after
 * the build's lines and the logs: where the app is, the first administrator's credentials when this
 * start created them (shown only here, once), which networks are real, emulated or unavailable, and
 * where the data is.
 */
export function startSummary(input: {
  config: Pick<Config, 'publicUrl' | 'dataDir' | 'database' | 'mail'>;
  networks: Pick<SocialClients, 'linkedin' | 'instagram'>;
  firstAdmin: { email: string; password: string } | undefined;
}): string {
  const { config } = input;
  const lines = ['', `Alzado is running: open ${config.publicUrl} and sign in.`];
  if (input.firstAdmin) {
    lines.push(
      '  First administrator, created now (the password is shown only this once; change it in your profile):',
      `    e-mail    ${input.firstAdmin.email}`,
      `    password  ${input.firstAdmin.password}`,
    );
  }
  const state = (name: string, adapter: { sandbox: boolean } | undefined) =>
    adapter?.sandbox === false
      ? `real: posts go to the real ${name}`
      : adapter
        ? `emulated by the sandbox: nothing reaches the real ${name}`
        : 'unavailable (the warning above says why)';
  lines.push(`  LinkedIn:  ${state('LinkedIn', input.networks.linkedin)}`, `  Instagram: ${state('Instagram', input.networks.instagram)}`);
  const database = config.database.dialect === 'sqlite' ? `SQLite database ${config.database.file}` : 'PostgreSQL (DATABASE_URL)';
  const mail = config.mail.smtpUrl
    ? 'e-mails sent through SMTP_URL'
    : `e-mails written to ${path.relative(config.dataDir, config.mail.outboxDir) || config.mail.outboxDir}/`;
  lines.push(`  Data:      ${config.dataDir} (${database}; ${mail})`, '  Stop with Ctrl+C.', '');
  return lines.join('\n');
}
