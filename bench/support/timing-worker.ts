import { parentPort, workerData } from 'node:worker_threads';
import { type InterleavedLoad, type Row, sendRowsInterleaved } from './timing.ts';

// The client side of timeRowsInterleaved, on a thread of its own.
const { base, rows, load } = workerData as { base: string; rows: Row[]; load: InterleavedLoad };
parentPort!.postMessage(await sendRowsInterleaved(base, rows, load));
