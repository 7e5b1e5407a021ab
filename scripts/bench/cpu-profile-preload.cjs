/**
 * `NODE_OPTIONS="--require ./scripts/bench/cpu-profile-preload.cjs"` with CPU_PROFILE_DIR set: every thread of the
 * process (the main thread and each worker thread, which run --require preloads too) writes a V8 CPU profile of each
 * CPU_PROFILE_SECONDS window (default 10) into CPU_PROFILE_DIR. Windows rather than one profile at exit, because a
 * worker that is terminated never runs exit handlers, and `--cpu-prof` is not allowed in NODE_OPTIONS.
 * Read by scripts/bench/server-profile-shares.ts. A .cjs file: --require runs only CommonJS.
 */
/* global require, process, setInterval */
/* eslint-disable @typescript-eslint/no-require-imports -- --require preloads only CommonJS */
'use strict';
const dir = process.env.CPU_PROFILE_DIR;
if (dir) {
  const { writeFileSync } = require('node:fs');
  const { join } = require('node:path');
  const { Session } = require('node:inspector');
  const { isMainThread, threadId } = require('node:worker_threads');
  const seconds = Number(process.env.CPU_PROFILE_SECONDS || 10);
  const session = new Session();
  session.connect();
  let window = 0;
  const start = () => session.post('Profiler.start');
  session.post('Profiler.enable', () => session.post('Profiler.setSamplingInterval', { interval: 250 }, start));
  const write = () =>
    session.post('Profiler.stop', (error, result) => {
      if (!error && result) {
        const name = `${isMainThread ? 'main' : `worker-${threadId}`}-${process.pid}-${String(window++).padStart(3, '0')}.cpuprofile`;
        writeFileSync(join(dir, name), JSON.stringify(result.profile));
      }
      start();
    });
  setInterval(write, seconds * 1000).unref();
  if (isMainThread) process.on('exit', write);
}
