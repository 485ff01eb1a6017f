/**
 * Lighthouse 12 in Debian's Chromium, as the page benches use it (landing.ts, app-pages.ts): one
 * Chromium with a DevTools port in a throwaway profile, an audit of one page (mobile with Lighthouse's
 * simulated slow 4G and 4x CPU slowdown, or desktop), and the JavaScript a page really loaded.
 * CHROME_PATH overrides /usr/bin/chromium; LIGHTHOUSE_REPORTS=<folder> also saves each full report (JSON).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];
export type FormFactor = 'mobile' | 'desktop';

export interface Chromium {
  port: number;
  stop: () => Promise<void>;
}

/** Chromium with a DevTools port for Lighthouse, in a throwaway profile. */
export async function launchChromium(): Promise<Chromium> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'alzado-lighthouse-'));
  const chrome: ChildProcess = spawn(
    CHROME_PATH,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--remote-debugging-port=0',
      // A Spanish browser, the language the landing is prerendered in; an English row asks with ?lng=en.
      '--lang=es-ES',
      '--accept-lang=es-ES,es',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    chrome.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) resolve(Number(match[1]));
    });
    chrome.on('exit', (code) => reject(new Error(`Chromium exited (${code}): ${output}`)));
  });
  const exited = new Promise((resolve) => chrome.once('exit', resolve));
  return {
    port,
    stop: async () => {
      chrome.kill('SIGKILL');
      await exited;
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A script the page requested while Lighthouse loaded it, and the bytes that crossed the wire for it. */
export interface LoadedScript {
  url: string;
  transferSize: number;
}

export interface PageAudit {
  /** Each category's score (0-100); null when Lighthouse could not measure the page. */
  scores: Record<Category, number> | null;
  /** Why Lighthouse could not measure it, when it could not. */
  error?: string;
  metrics: { fcp: string; lcp: string; tbt: string; cls: string; lcpMs: number | null };
  /** Lighthouse's measure of the machine's speed during the run (lower: busier); TBT scales with it. */
  benchmarkIndex: number;
  /** Binary audits that failed (accessibility and best practices mostly). */
  failing: string[];
  scripts: LoadedScript[];
}

/**
 * One Lighthouse run on `url`. `extraHeaders` go with every request the page makes (a session cookie
 * for a signed-in page).
 */
export async function auditPage(options: { url: string; port: number; formFactor: FormFactor; extraHeaders?: Record<string, string> }): Promise<PageAudit> {
  // Lighthouse sometimes loses its trace on a busy machine (NO_NAVSTART, NO_FCP): one more try.
  const first = await auditOnce(options);
  return first.scores ? first : auditOnce(options);
}

async function auditOnce(options: { url: string; port: number; formFactor: FormFactor; extraHeaders?: Record<string, string> }): Promise<PageAudit> {
  const { url, port, formFactor } = options;
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], extraHeaders: options.extraHeaders ?? null },
    formFactor === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  if (process.env.LIGHTHOUSE_REPORTS) saveReport(process.env.LIGHTHOUSE_REPORTS, url, formFactor, result.lhr);
  const { categories, audits, runtimeError } = result.lhr;
  const metric = (id: string) => audits[id]?.displayValue ?? '-';
  const metrics = {
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? null,
  };
  const requests =
    (audits['network-requests']?.details as { items?: Array<{ url: string; resourceType?: string; transferSize?: number }> } | undefined)?.items ?? [];
  const scripts = requests
    .filter((request) => request.resourceType === 'Script')
    .map((request) => ({ url: request.url, transferSize: request.transferSize ?? 0 }));
  const benchmarkIndex = Math.round(result.lhr.environment.benchmarkIndex);
  if (runtimeError) return { scores: null, error: `${runtimeError.code}: ${runtimeError.message}`, metrics, failing: [], scripts, benchmarkIndex };
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((categories[id]?.score ?? 0) * 100)])) as Record<Category, number>;
  const failing = Object.values(audits)
    .filter((entry) => entry.score !== null && entry.score < 1 && entry.scoreDisplayMode === 'binary')
    .map((entry) => entry.id);
  return { scores, metrics, failing, scripts, benchmarkIndex };
}

function saveReport(folder: string, url: string, formFactor: FormFactor, report: unknown): void {
  fs.mkdirSync(folder, { recursive: true });
  const address = new URL(url);
  const name = `${(address.pathname + address.search).replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'landing'}-${formFactor}.json`;
  fs.writeFileSync(path.join(folder, name), JSON.stringify(report, null, 2));
}

export function formatScores(audit: PageAudit): string {
  if (!audit.scores) return `Lighthouse could not measure it: ${audit.error}`;
  return CATEGORIES.map((id) => `${id} ${audit.scores![id]}`).join(', ');
}

export function formatMetrics(audit: PageAudit): string {
  const { fcp, lcp, tbt, cls } = audit.metrics;
  return `FCP ${fcp}, LCP ${lcp}, TBT ${tbt}, CLS ${cls} (machine benchmark index ${audit.benchmarkIndex})`;
}

export interface ScriptWeight {
  files: Array<{ url: string; bytes: number; gzip: number }>;
  /** As served, uncompressed. */
  bytes: number;
  /** Each file gzip-compressed at level 9: the figure the budgets count, whatever the server sent. */
  gzip: number;
}

/** The weight of these scripts, fetched again (each once), uncompressed and gzip-compressed. */
export async function weighScripts(urls: Iterable<string>): Promise<ScriptWeight> {
  const files: ScriptWeight['files'] = [];
  for (const url of new Set(urls)) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    files.push({ url, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length });
  }
  const sum = (size: 'bytes' | 'gzip') => files.reduce((total, file) => total + file[size], 0);
  return { files, bytes: sum('bytes'), gzip: sum('gzip') };
}

export function kilobytes(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}

/** The median of a few runs' figures (Lighthouse's scores move from run to run on a loaded machine). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
