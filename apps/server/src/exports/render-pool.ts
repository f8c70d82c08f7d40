import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { ApiError } from '../lib/errors';
import type { RenderTask } from './render-tasks';

/**
 * The export pool (issue 18 item 4): PDFs (pdfmake layout, ECharts SSR → SVG) and workbooks (exceljs)
 * are built in worker threads, so one user's exports never hold the event loop that answers every
 * other tenant's requests. The data is gathered on the main thread; only plain data crosses over.
 */
export interface ExportRenderer {
  /**
   * Builds the file of `task` in a worker → its bytes. `signal` (the request's, aborted when the
   * client goes away) drops a queued task and stops a running one. Throws 503 SERVICE_UNAVAILABLE
   * when the pool's queue is full, and the task's own error otherwise.
   */
  render(task: RenderTask, signal?: AbortSignal): Promise<Buffer>;
  /** Worker threads at most (EXPORT_WORKERS). */
  readonly threads: number;
  /** Stops the workers (running tasks finish first). */
  close(): Promise<void>;
}

/** max(1, cores − 1): one core stays for the event loop. */
export function defaultExportWorkers(): number {
  return Math.max(1, os.availableParallelism() - 1);
}

/** How much lower the workers' CPU priority is than the main thread's (nice levels, 0–19). */
const WORKER_NICE_INCREMENT = 10;
/** Tasks waiting for a worker, per worker, before the pool refuses more (503, `Retry-After`). */
const QUEUE_PER_THREAD = 16;
/** `Retry-After` of a refused export (a full queue here; a concurrency cap in export-limits.ts). */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * A pool of `threads` workers running `render-tasks.ts`. Workers start on the first task and stop
 * after a minute without one; with `warm`, one starts at once and stays (the server's pool: loading
 * pdfmake, ECharts and exceljs takes seconds, off the event loop). Compiled (`npm start`: this module
 * is inside `dist/server.js`) they load `dist/render-tasks.js`, the bundle's second entry; from the
 * sources (`tsx watch`, vitest) they load `render-tasks.ts` through tsx (`--import tsx`).
 * They run at a lower CPU priority (nice +10) than the main thread.
 */
export function createExportRenderer(options: { threads?: number; warm?: boolean } = {}): ExportRenderer {
  const threads = options.threads ?? defaultExportWorkers();
  const url = new URL(import.meta.url.endsWith('.ts') ? './render-tasks.ts' : './render-tasks.js', import.meta.url);
  const pool = new Piscina<RenderTask, Uint8Array>({
    filename: url.href,
    minThreads: options.warm ? 1 : 0,
    maxThreads: threads,
    idleTimeout: 60_000,
    maxQueue: threads * QUEUE_PER_THREAD,
    execArgv: fileURLToPath(url).endsWith('.ts') ? ['--import', 'tsx'] : [],
    // Workers run at a lower CPU priority than the event loop (Linux: per thread, via piscina's
    // optional @napi-rs/nice): on a busy machine the answers of other tenants come first.
    niceIncrement: WORKER_NICE_INCREMENT,
  });
  return {
    threads,
    async render(task, signal) {
      try {
        const bytes = await pool.run(task, { signal: signal ?? null });
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        if (error instanceof Error && error.message === 'Task queue is at limit')
          throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'Exports are busy; try again in a few seconds', undefined, {
            'retry-after': String(BUSY_RETRY_AFTER_SECONDS),
          });
        throw error;
      }
    },
    close: () => pool.close(),
  };
}
