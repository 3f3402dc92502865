/** Real pictures for upload tests, made with sharp (and one forged header for the pixel limit). */
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A camera-like JPEG: EXIF with a maker, a serial and a GPS position that must never be published. */
export function cameraJpeg(width = 2400, height = 1600, orientation?: number): Promise<Buffer> {
  let image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 40 } } }).withExif({
    IFD0: { Make: 'Canon', Model: 'EOS Secret', Copyright: 'Owner at home' },
    IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '17/1 57/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '76/1 52/1 0/1' },
  });
  if (orientation) image = image.withMetadata({ orientation });
  return image.jpeg({ quality: 70 }).toBuffer();
}

export function smallPng(width = 300, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 120, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();
}

export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100"/></svg>',
);

export const NOT_AN_IMAGE = Buffer.from('This is a plain text file pretending to be a PNG.\n');

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A few hundred bytes claiming a 20000 x 20000 canvas: a decompression bomb's header. */
export function pixelBombPng(side = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
