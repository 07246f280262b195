// The audit log's old address, kept only for the exchange module's imports while helper h1 splits that module
// (issue 30 item 5): the log is the `audit` module now (modules/audit/audit.ts). Deleted once exchange imports
// `#app/modules/audit/audit.ts`; nothing else may import this file (modules/boundaries.test.ts).
export { audit, requestActor, systemActor, type Actor } from '#app/modules/audit/audit.ts';
