import type { CheckStatus, NetworksCheckReport } from '../../../domain/networks-check.ts';
import { NETWORK_NAMES } from '../../../domain/social.ts';

const MARKS: Record<CheckStatus, string> = { ok: 'ok  ', warning: 'WARN', failure: 'FAIL' };
const MODES = { real: "its API, with this server's credentials", sandbox: "Alzado's sandbox", unavailable: 'not available' } as const;

/** The report as `npm run check:networks` prints it: a line per check, and what to do under it. */
export function printReport(report: NetworksCheckReport): string {
  const lines: string[] = [];
  for (const network of report.networks) {
    lines.push(`${NETWORK_NAMES[network.network]} (${MODES[network.mode]})`);
    for (const entry of network.items) {
      lines.push(`  ${MARKS[entry.status]}  ${entry.check}: ${entry.message}`);
      if (entry.action) lines.push(`        To do: ${entry.action}`);
    }
    lines.push('');
  }
  const verdict = { ok: 'All set.', warning: 'Working, with warnings above.', failure: 'Something above must be fixed before the studio can publish there.' }[
    report.status
  ];
  lines.push(`${verdict} Step by step: docs/networks.md`);
  return lines.join('\n');
}
