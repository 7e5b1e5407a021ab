/**
 * Reads until the value is what the test waits for, or gives up with the last value read. `everyMs`: not
 * too often where each read is a request to a server that lets requests go before its background work.
 */
export async function pollUntil<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs: number, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
