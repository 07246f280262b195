import { z } from 'zod';

/**
 * The back office's «Система» screen (issue 31 §1, docs/decisions/041): what the background workers have before
 * them. `depth` — rows waiting or under way; `oldestAgeSeconds` — seconds since the oldest of them was written
 * (null when the queue is empty). Metrics read the same figures.
 */
export const JOB_QUEUE_KINDS = ['notification', 'refund', 'fiscal-receipt', 'exchange-import'] as const;
export type JobQueueKind = (typeof JOB_QUEUE_KINDS)[number];

/** Each queue's name as staff see it. */
export const JOB_QUEUE_NAME: Record<JobQueueKind, string> = {
  notification: 'SMS и письма покупателям',
  refund: 'Возвраты денег на карту',
  'fiscal-receipt': 'Чеки для кассы (Webkassa)',
  'exchange-import': 'Загрузки из 1С',
};

export const AdminJobQueue = z.object({
  kind: z.enum(JOB_QUEUE_KINDS),
  depth: z.number().int().min(0),
  oldestAgeSeconds: z.number().int().min(0).nullable(),
});
export type AdminJobQueue = z.infer<typeof AdminJobQueue>;

/** A job run once per period across all workers: when its last run was claimed, and by which process. */
export const AdminPeriodicJob = z.object({
  name: z.string(),
  lastRunAt: z.string().nullable(),
  instance: z.string().nullable(),
});
export type AdminPeriodicJob = z.infer<typeof AdminPeriodicJob>;

export const AdminSystem = z.object({
  /** KIIM_ROLE of the process that answered. */
  role: z.enum(['web', 'worker', 'all']),
  queues: z.array(AdminJobQueue),
  periodic: z.array(AdminPeriodicJob),
});
export type AdminSystem = z.infer<typeof AdminSystem>;
