/** A read worker that stays up and never says it is ready (read-pool-start.test.ts): reads wait for it in the queue. */
import { parentPort } from 'node:worker_threads';

parentPort!.on('message', () => undefined);
