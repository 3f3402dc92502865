/** A car's pictures as the owner arranges them: URLs in order, the first being the cover. */
import { MAX_CAR_PICTURES } from '@rental/contract/constants';

/** The server names a picture by its stored image's id: the last part of its URL. */
export function pictureIdOf(url: string): string {
  return url.slice(url.lastIndexOf('/') + 1);
}

/** The order after moving the picture at `from` to `to` (both within the list). */
export function moved(pictures: readonly string[], from: number, to: number): string[] {
  const next = [...pictures];
  const [picture] = next.splice(from, 1);
  if (picture !== undefined) next.splice(to, 0, picture);
  return next;
}

export const movedEarlier = (pictures: readonly string[], index: number) => moved(pictures, index, Math.max(0, index - 1));
export const movedLater = (pictures: readonly string[], index: number) => moved(pictures, index, Math.min(pictures.length - 1, index + 1));
/** The picture goes first and becomes the cover; the others keep their order. */
export const asCover = (pictures: readonly string[], index: number) => moved(pictures, index, 0);

export const canAddPicture = (pictures: readonly string[]) => pictures.length < MAX_CAR_PICTURES;
/** A car always keeps one picture: the site shows it wherever the car appears. */
export const canRemovePicture = (pictures: readonly string[]) => pictures.length > 1;
