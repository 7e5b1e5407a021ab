/**
 * A pool client checked out for several statements (a transaction). pg-pool drops its own 'error'
 * listener from a client while it is checked out, so a backend ended mid-transaction (a restart,
 * a failover, pg_terminate_backend) would emit 'error' with no listener and end the process. Here
 * the error is kept, the transaction fails through its next statement, and the broken client is
 * released with the error so the pool discards it instead of handing it out again.
 */
import type pg from 'pg';

export async function withPoolClient<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const onError = (error: Error) => {
    broken ??= error;
  };
  client.on('error', onError);
  try {
    return await work(client);
  } catch (error) {
    // The server's own "terminating connection" can reach the statement before the socket closes:
    // the client is as good as gone, and must not go back to the pool to fail someone else's query.
    if (connectionLost(error)) broken ??= error as Error;
    throw error;
  } finally {
    client.off('error', onError);
    client.release(broken ?? undefined);
  }
}

/** Connection exceptions (class 08) and the server ending the session (57P01-57P03 shutdown, crash). */
function connectionLost(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (code.startsWith('08') || /^57P0[1-3]$/.test(code))) return true;
  return error instanceof Error && /Connection terminated/i.test(error.message);
}
