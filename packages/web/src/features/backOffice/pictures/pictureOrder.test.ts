import { describe, expect, it } from 'vitest';
import { asCover, canAddPicture, canRemovePicture, movedEarlier, movedLater, pictureIdOf } from './pictureOrder';

const list = ['/api/images/a', '/api/images/b', '/api/images/c'];

describe("a car's picture order", () => {
  it('moves a picture one place, never past either end', () => {
    expect(movedEarlier(list, 2)).toEqual(['/api/images/a', '/api/images/c', '/api/images/b']);
    expect(movedLater(list, 0)).toEqual(['/api/images/b', '/api/images/a', '/api/images/c']);
    expect(movedEarlier(list, 0)).toEqual(list);
    expect(movedLater(list, 2)).toEqual(list);
    expect(list).toEqual(['/api/images/a', '/api/images/b', '/api/images/c']);
  });

  it('makes a picture the cover, the others keeping their order', () => {
    expect(asCover(list, 2)).toEqual(['/api/images/c', '/api/images/a', '/api/images/b']);
  });

  it('names a picture by the last part of its URL, relative or absolute', () => {
    expect(pictureIdOf('/api/images/6f1c2a7e-5b1d-4c8e-9f3a-2d4b6c8e0a1b')).toBe('6f1c2a7e-5b1d-4c8e-9f3a-2d4b6c8e0a1b');
    expect(pictureIdOf('https://rent.example.com/api/images/abc')).toBe('abc');
  });

  it('allows 8 pictures and keeps at least one', () => {
    expect(canAddPicture(Array.from({ length: 7 }, (_, i) => String(i)))).toBe(true);
    expect(canAddPicture(Array.from({ length: 8 }, (_, i) => String(i)))).toBe(false);
    expect(canRemovePicture(['only'])).toBe(false);
    expect(canRemovePicture(['one', 'two'])).toBe(true);
  });
});
