import { describe, expect, it } from 'vitest';
import { fittedSize, jpegName, resizePhoto } from './resizePhoto';

describe('fittedSize', () => {
  it('keeps a picture that already fits', () => {
    expect(fittedSize(1200, 900)).toEqual({ width: 1200, height: 900 });
    expect(fittedSize(1600, 1600)).toEqual({ width: 1600, height: 1600 });
  });

  it('scales a landscape photo so its width is 1600', () => {
    expect(fittedSize(4000, 3000)).toEqual({ width: 1600, height: 1200 });
  });

  it('scales a portrait photo so its height is 1600', () => {
    expect(fittedSize(3024, 4032)).toEqual({ width: 1200, height: 1600 });
  });

  it('never makes a side 0 for a very thin picture', () => {
    expect(fittedSize(10000, 2)).toEqual({ width: 1600, height: 1 });
  });

  it('takes another limit', () => {
    expect(fittedSize(800, 400, 400)).toEqual({ width: 400, height: 200 });
  });
});

describe('jpegName', () => {
  it('names the file sent as a JPEG', () => {
    expect(jpegName('IMG_0042.HEIC')).toBe('IMG_0042.jpg');
    expect(jpegName('scratch.front.png')).toBe('scratch.front.jpg');
    expect(jpegName('photo')).toBe('photo.jpg');
    expect(jpegName('.png')).toBe('photo.jpg');
  });
});

describe('resizePhoto', () => {
  it('sends the file as it is when the browser cannot read it', async () => {
    const file = new File(['not a picture'], 'note.txt', { type: 'text/plain' });
    await expect(resizePhoto(file)).resolves.toBe(file);
  });
});
