import { useState, type ChangeEvent } from 'react';
import { REVIEW_PHOTOS_MAX } from '@kiim/contract/enums';
import type { ReviewPhoto } from '@kiim/contract';
import { useFeedbackText } from '../../lib/feedback-text.ts';
import { useHydrated } from '../../lib/hydrated.ts';

/** Where a photo goes before the review is sent (API `POST /api/review/photo`, the customer's cookie). */
const UPLOAD_URL = '/api/review/photo';
/** The API's limit (IMAGE_UPLOAD_MAX_BYTES): checked here first so a too big file is not sent at all. */
const MAX_BYTES = 10 * 1024 * 1024;
const TYPES = 'image/jpeg,image/png,image/webp';

type Texts = ReturnType<typeof useFeedbackText>['reviewForm'];

/** The shopper-facing reason of a refused upload, by the API's status (its own message is Russian only). */
function refusal(status: number, t: Texts): string {
  if (status === 413) return t.photoTooBig;
  if (status === 415 || status === 422) return t.photoRejected;
  if (status === 429) return t.photoTooMany;
  return t.photoFailed;
}

/**
 * Up to 5 photos for a review (issue 35 item 5, decision 067): each chosen file is uploaded at once to the API,
 * shown as a thumbnail with «Убрать фото», and its id sent with the form in the hidden `photoIds` field
 * (comma-separated). Needs JavaScript: before hydration the file input is there but disabled (its place kept, so
 * nothing moves when it comes alive). Files over 10 MB are refused here; the API checks the rest.
 */
export function ReviewPhotosField() {
  const t = useFeedbackText().reviewForm;
  const hydrated = useHydrated();
  const [photos, setPhotos] = useState<ReviewPhoto[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])];
    input.value = '';
    const room = REVIEW_PHOTOS_MAX - photos.length;
    setError(files.length > room ? t.photoLimit : null);
    setBusy(true);
    for (const file of files.slice(0, Math.max(0, room))) {
      if (file.size > MAX_BYTES) {
        setError(t.photoTooBig);
        continue;
      }
      try {
        const res = await fetch(UPLOAD_URL, {
          method: 'POST',
          body: file,
          headers: { 'content-type': file.type || 'application/octet-stream' },
          credentials: 'same-origin',
        });
        if (!res.ok) {
          setError(refusal(res.status, t));
          continue;
        }
        const { data } = (await res.json()) as { data: ReviewPhoto };
        setPhotos((now) => (now.length < REVIEW_PHOTOS_MAX ? [...now, data] : now));
      } catch {
        setError(t.photoFailed);
      }
    }
    setBusy(false);
  }

  return (
    <fieldset className="review-photos" data-testid="review-photos">
      <legend>{t.photos}</legend>
      <input type="hidden" name="photoIds" value={photos.map((p) => p.id).join(',')} />
      {photos.length > 0 && (
        <ul className="review-photos__list">
          {photos.map((p) => (
            <li key={p.id}>
              <img src={p.src} srcSet={p.srcSet} sizes="80px" width={80} height={80} alt="" />
              <button
                type="button"
                className="review-photos__remove"
                aria-label={t.removePhoto}
                onClick={() => setPhotos((now) => now.filter((x) => x.id !== p.id))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <label className="button review-photos__add">
        {t.addPhotos}
        <input
          type="file"
          accept={TYPES}
          multiple
          className="visually-hidden"
          disabled={!hydrated || busy || photos.length >= REVIEW_PHOTOS_MAX}
          onChange={upload}
          data-testid="review-photo-input"
        />
      </label>
      <p className="muted">{busy ? t.uploading : t.photosHint}</p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
