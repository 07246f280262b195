/** `job_run`: the time each background job's last run was claimed (migration 20261204T100000). */
export interface JobRunTable {
  name: string;
  /** ISO time of the last claimed run. */
  last_run_at: string;
  /** Which instance claimed it (host and process id), for the operator. */
  instance: string | null;
}
