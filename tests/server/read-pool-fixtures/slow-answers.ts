/**
 * The answers module (server/answers/list-page.ts) loaded a second later than itself (read-pool-start.test.ts): a read
 * worker's start that always outlasts the test's 500 ms read budget, whatever the machine's speed.
 */
await new Promise((resolve) => setTimeout(resolve, 1000));

export { articlePageJson } from '../../../server/answers/list-page';
