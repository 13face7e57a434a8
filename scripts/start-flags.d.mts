/** The flags a package.json `start` script (`node [flags] scripts/start.mjs`) gives Node. */
export function nodeFlagsOfStart(script: string): string[];
/** The Node flags of checkout `dir`'s `npm start` (this checkout by default). */
export function startFlagsOf(dir?: string): string[];
