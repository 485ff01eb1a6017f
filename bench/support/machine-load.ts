import os from 'node:os';

/**
 * How busy the machine is while a figure is measured (issue 23): every figure of `npm run bench` is
 * printed with the load average of its run, and a run on a machine already busier than it has cores is
 * flagged, since its figures say as much about the other work as about Alzado.
 */
export const CORES = os.availableParallelism();

/** The one-minute load average, the figure quoted beside each measure. */
export function loadNow(): number {
  return os.loadavg()[0]!;
}

/** For the benches' own logs: 'load average 1.12, 0.98, 0.75 on 2 cores'. */
export function loadAverage(): string {
  return `load average ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')} on ${CORES} cores`;
}

/** The three load averages (1, 5 and 15 minutes), as `uptime` prints them. */
export function loadAverages(): string {
  return os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
}

/** Above one runnable process per core, processes wait for a core and timings stretch. */
export function isTooBusy(load: number): boolean {
  return load > CORES;
}

/** The warning printed when the machine is too busy for the figures to mean much, or undefined. */
export function loadWarning(load: number = loadNow()): string | undefined {
  if (!isTooBusy(load)) return undefined;
  return (
    `Warning: load average ${load.toFixed(2)} on ${CORES} cores: other work is waiting for the processor, so these figures ` +
    'measure it as much as Alzado. Run again when the machine is quieter (load at most the number of cores).'
  );
}
