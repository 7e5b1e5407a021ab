/** A read worker that cannot load (read-pool-start.test.ts): it throws before it could say it is ready. */
throw new Error('this read worker cannot load (a test fixture)');
