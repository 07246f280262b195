import type { FastifyInstance } from 'fastify';
import { everyInterval } from '#app/lib/interval-job.ts';
import { sweepUnusedPhotos } from './review.photos.ts';

// The sweep of review photos never used (decision 072): an upload not joined to a review within a day is deleted,
// row and files, so abandoned review forms do not fill the media folder.

/** How often the sweep runs, seconds. */
export const PHOTO_SWEEP_SECONDS = 60 * 60;

/**
 * Registers the sweep every {@link PHOTO_SWEEP_SECONDS} from when the app is ready (one run at a time; stops with
 * the app). Several instances may sweep at once: each delete checks the photo is still unused, and a missing file is
 * no error. Failures are logged, never thrown.
 */
export function registerPhotoSweep(app: FastifyInstance, seconds = PHOTO_SWEEP_SECONDS): void {
  everyInterval(app, 'review photo sweep', seconds, async () => {
    try {
      const deleted = await sweepUnusedPhotos(app.db, app.config.mediaDir, app.clock.now());
      if (deleted > 0) app.log.info({ deleted }, 'unused review photos deleted');
    } catch (err) {
      app.log.error({ err }, 'review photo sweep failed');
    }
  });
}
