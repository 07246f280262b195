// The job-period claim's old address, kept only for the exchange module's import while helper h1 splits that
// module (issue 30 item 5): the claim and its table type live in db/job-run.ts now. Deleted once exchange imports
// `#app/db/job-run.ts`; nothing else may import this file (modules/boundaries.test.ts).
export { claimJobRun } from '#app/db/job-run.ts';
