/** Where non-fatal failures go. Analytics failures are only ever logged, never shown. */
export interface Logger {
  warn(message: string, detail?: unknown): void;
}

export const consoleLogger: Logger = {
  warn: (message, detail) => {
    if (detail === undefined) console.warn(message);
    else console.warn(message, detail);
  },
};
