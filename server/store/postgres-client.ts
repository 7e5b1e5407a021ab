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
  } finally {
    client.off('error', onError);
    client.release(broken ?? undefined);
  }
}
