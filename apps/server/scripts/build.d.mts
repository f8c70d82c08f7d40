/** Types of build.mjs (a plain script, so that `npm start` runs it without a TypeScript loader). */
export declare function buildServer(options?: { outdir?: string }): Promise<{ server: string; renderTasks: string }>;
