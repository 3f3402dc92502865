/** Uploaded images: reading an upload, making its variants, storing them. Its face: other features use it through these alone, never through its files. */
export { type ProcessedImage, processImage } from './process';
export { Slots } from './slots';
export { deleteImageIfUnused, storeImage } from './store';
export { MESSAGE_BAD_FORM, MESSAGE_NOT_MULTIPART, multipartOptions, readUpload } from './upload';
