import { loadavg } from 'node:os';
import { loadConfig } from '../src/server/config.ts';
import { evaluateWriter, formatTable } from './writer-eval.ts';

/**
 * `npm run eval:writer [-- --verbose]`: the writer evaluation with the writer the server would use (AI_WRITER
 * and its variables, template by default). Exits 1 only when the writer failed a project; findings are the
 * table's, not failures.
 */
const verbose = process.argv.includes('--verbose');
const config = loadConfig(process.env).ai;
const load = loadavg()[0]!.toFixed(2);
const result = await evaluateWriter(config);
console.log(`Writer evaluation: AI_WRITER=${result.writer}, ${new Date().toISOString().slice(0, 10)}, load average ${load} → ${loadavg()[0]!.toFixed(2)}\n`);
console.log(formatTable(result));
if (verbose) {
  for (const row of result.rows) {
    console.log(`\n## ${row.key} (${row.language})${row.failure === undefined ? '' : `: ${row.failure}`}`);
    for (const text of row.details) {
      console.log(
        `\n### post ${text.post}, ${text.network}: language ${text.language ?? 'unsure'}, facts [${text.facts.join(' | ')}], AI tells [${text.aiTells.join(' | ')}]\n${text.text}`,
      );
    }
  }
}
process.exitCode = result.total.failed === 0 ? 0 : 1;
