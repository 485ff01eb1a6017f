/**
 * The landing page as a visitor's browser gets it, against the app's own public page in the same run:
 * Lighthouse 12 in Debian's Chromium (performance, accessibility, best practices, SEO; mobile with
 * Lighthouse's simulated slow 4G and CPU, and desktop) and the JavaScript each page loads (bytes as
 * served and gzip-compressed).
 *   npm run build && npx tsx bench/landing.ts
 * CHROME_PATH overrides /usr/bin/chromium; LIGHTHOUSE_REPORTS=<folder> also saves each full report (JSON).
 * The app's signed-in pages against the landing: bench/app-pages.ts.
 */
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import { startServer } from '../tests/e2e/support/server.ts';
import { CHROME_PATH, auditPage, formatMetrics, formatScores, kilobytes, launchChromium, weighScripts } from './support/lighthouse.ts';
import { isMainModule } from './support/summary.ts';

/** Every script the page's HTML loads (entry and preloaded chunks), with its size as served and gzip. */
async function javascriptOf(base: string, pagePath: string) {
  const html = await (await fetch(base + pagePath)).text();
  const sources = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map((match) => match[1]!);
  const weight = await weighScripts(sources.map((source) => new URL(source, base).toString()));
  return { ...weight, html: Buffer.byteLength(html) };
}

/** The English dictionary the landing fetches when it switches language, as served and gzip. */
async function dictionaryWeight(base: string): Promise<string> {
  const html = await (await fetch(`${base}/`)).text();
  const url = /"en":"([^"]+)"/.exec(html)?.[1];
  if (!url) return 'none found';
  const body = Buffer.from(await (await fetch(base + url)).arrayBuffer());
  return `${kilobytes(body.length)} KB, gzip ${kilobytes(gzipSync(body, { level: 9 }).length)} KB`;
}

async function main(): Promise<void> {
  const server = await startServer();
  const chromium = await launchChromium();
  try {
    const pages = [
      { name: 'landing (/), Spanish', path: '/' },
      { name: 'landing (/?lng=en), English', path: '/?lng=en' },
      { name: 'baseline: the app (/privacy)', path: '/privacy' },
    ];
    console.log(`Alzado landing benchmark, ${new Date().toISOString()}, Chromium ${CHROME_PATH}`);
    // Simulated-mobile performance (TBT above all) moves with whatever else the machine is doing.
    console.log(
      `load average ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')} on ${os.cpus().length} CPUs\n`,
    );
    console.log('JavaScript each page loads (entry and preloaded chunks):');
    const weights = [];
    for (const page of pages) {
      const weight = await javascriptOf(server.url, page.path);
      weights.push(weight);
      console.log(
        `  ${page.name.padEnd(30)} ${String(weight.files.length).padStart(2)} file(s)  ${kilobytes(weight.bytes).padStart(7)} KB  gzip ${kilobytes(weight.gzip).padStart(6)} KB   (HTML ${kilobytes(weight.html)} KB)`,
      );
    }
    console.log(
      `  the landing loads ${((weights[0]!.gzip / weights[2]!.gzip) * 100).toFixed(1)} % of the app's JavaScript (gzip); English adds one dictionary (${await dictionaryWeight(server.url)})\n`,
    );

    for (const formFactor of ['mobile', 'desktop'] as const) {
      console.log(`Lighthouse, ${formFactor}${formFactor === 'mobile' ? ' (simulated slow 4G, 4x CPU slowdown)' : ''}:`);
      for (const page of pages) {
        const report = await auditPage({ url: server.url + page.path, port: chromium.port, formFactor });
        console.log(`  ${page.name.padEnd(30)} ${formatScores(report)}`);
        console.log(`  ${''.padEnd(30)} ${formatMetrics(report)}`);
        if (report.failing.length > 0) console.log(`  ${''.padEnd(30)} failing: ${report.failing.join(', ')}`);
      }
      console.log('');
    }
  } finally {
    await chromium.stop();
    await server.stop();
  }
}

if (isMainModule(import.meta.url)) await main();
