import { MAX_UPLOAD_BYTES } from '@rental/contract/constants';
import { MESSAGES } from '@rental/contract/messages';

/** The formats the server turns into pictures; anything else it refuses. */
export const ACCEPTED_IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

/** Why this file cannot be uploaded, before spending the upload on it; null when it can. */
export function imageFileProblem(file: File): string | null {
  if (file.size > MAX_UPLOAD_BYTES) return MESSAGES.imageTooLarge;
  if (file.type && !file.type.startsWith('image/')) return MESSAGES.imageInvalid;
  return null;
}
