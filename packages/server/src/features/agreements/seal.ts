/**
 * The seal of a signed agreement: its pages as drawn (by the counter, or by online check-in), then a
 * last "Signing certificate" page saying when, from where and how it was signed, and the SHA-256 of
 * the pages. The page is added as a PDF incremental update: the pages' bytes stay the first bytes of
 * the final file, untouched, so anyone can cut them off and check their hash against the one printed;
 * the hash of the whole final file is what the company keeps and what the verify call compares.
 *
 * Pure: the same pages and facts give the same bytes (the certificate's dates are the facts', no
 * clock is read), which the stored agreement and its tests rely on.
 */
import { createHash } from 'node:crypto';
import type { AgreementKind } from '@rental/contract';
import {
  PDFArray,
  PDFCrossRefStream,
  PDFDict,
  PDFDocument,
  type PDFFont,
  PDFName,
  PDFNumber,
  type PDFObject,
  type PDFPage,
  PDFRef,
  ParseSpeeds,
  rgb,
  StandardFonts,
} from 'pdf-lib';

/** One step of the signing, with its time: "Code sent to the renter's e-mail", "Signed". */
export interface SigningEvent {
  at: Date;
  what: string;
}

export interface SigningFacts {
  kind: AgreementKind;
  /** The booking's reference, printed on the certificate (and kept with the seal). */
  reference: string;
  /** When the renter signed: the certificate's date and the PDF's modification date. */
  signedAt: Date;
  /** The address the signature was sent from, and the browser's user agent; null when not known. */
  ip: string | null;
  userAgent: string | null;
  /** What happened, in order. */
  trail: SigningEvent[];
  /** Where anyone checks a copy: the site's /verify-agreement (verifyAgreementUrl). */
  verifyUrl: string;
}

export interface SealedAgreement {
  /** The final PDF: the pages, then the certificate. */
  pdf: Uint8Array;
  /** SHA-256 (lower-case hex) of the pages as given: the first `pagesLength` bytes of `pdf`. */
  pagesSha256: string;
  pagesLength: number;
  /** SHA-256 (lower-case hex) of the whole final PDF: what is kept and what verify compares. */
  sha256: string;
}

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const A4 = [595.28, 841.89] as const;
const MARGIN = 50;
const WIDTH = A4[0] - 2 * MARGIN;
const LABEL_WIDTH = 150;
const SIZE = 10;
const LINE = SIZE * 1.4;
const GREY = rgb(0.35, 0.35, 0.35);
const RULE = rgb(0.75, 0.75, 0.75);

const TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'America/Jamaica',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** "25 Nov 2026, 10:42:07" on Jamaica's clock, to the second: the trail's steps are often a minute apart. */
export function certificateTime(date: Date): string {
  const parts = Object.fromEntries(TIME.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute}:${parts.second}`;
}

/**
 * Text Helvetica can write: a browser's user agent or an address is ASCII, but nothing that comes
 * from a request is trusted to be, and an unwritable character must not stop the seal.
 */
const writable = (text: string) => text.replace(/[^\x20-\x7e]/g, '?');

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of writable(text).split(' ')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    line = word;
    // A word wider than the column (a hash, a long user agent) is cut where it must be.
    while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut -= 1;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  lines.push(line);
  return lines;
}

class CertificatePage {
  private y = A4[1] - MARGIN;
  constructor(
    private readonly page: PDFPage,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
    private readonly mono: PDFFont,
  ) {}

  text(text: string, options: { size?: number; bold?: boolean; grey?: boolean } = {}) {
    const size = options.size ?? SIZE;
    const font = options.bold ? this.bold : this.font;
    for (const line of wrap(text, font, size, WIDTH)) {
      this.page.drawText(line, { x: MARGIN, y: this.y - size, size, font, color: options.grey ? GREY : undefined });
      this.y -= size * 1.4;
    }
  }

  gap(points: number) {
    this.y -= points;
  }

  heading(text: string) {
    this.gap(10);
    this.text(text, { size: 12, bold: true });
    this.page.drawLine({ start: { x: MARGIN, y: this.y + 2 }, end: { x: MARGIN + WIDTH, y: this.y + 2 }, thickness: 0.5, color: RULE });
    this.gap(4);
  }

  /** A label and its value beside it; a hash is written in Courier, so each character reads apart. */
  row(label: string, value: string, mono = false) {
    const font = mono ? this.mono : this.font;
    const left = wrap(label, this.font, SIZE, LABEL_WIDTH - 10);
    const right = wrap(value, font, SIZE, WIDTH - LABEL_WIDTH);
    for (let i = 0; i < Math.max(left.length, right.length); i += 1) {
      if (left[i]) this.page.drawText(left[i]!, { x: MARGIN, y: this.y - SIZE, size: SIZE, font: this.font, color: GREY });
      if (right[i]) this.page.drawText(right[i]!, { x: MARGIN + LABEL_WIDTH, y: this.y - SIZE, size: SIZE, font });
      this.y -= LINE;
    }
  }

  /** The footer is the company's own words (the reference, the page): written as given. */
  footer(text: string) {
    this.page.drawText(text, { x: MARGIN, y: MARGIN - 8, size: 8, font: this.font, color: GREY });
  }
}

/** The bytes of `N G obj ... endobj`, as pdf-lib's own writer lays an object out. */
function indirectObject(ref: PDFRef, object: PDFObject): Uint8Array {
  const head = Buffer.from(`${ref.objectNumber} ${ref.generationNumber} obj\n`, 'latin1');
  const body = new Uint8Array(object.sizeInBytes());
  object.copyBytesInto(body, 0);
  return Buffer.concat([head, body, Buffer.from('\nendobj\n\n', 'latin1')]);
}

/** The original's last cross-reference section (its offset) and its /Size, read from the file's end. */
function lastSection(pages: Uint8Array): { startxref: number; size: number } {
  const tail = Buffer.from(pages.subarray(Math.max(0, pages.length - 4096))).toString('latin1');
  const startxref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!startxref) throw new Error('The agreement pages do not end as a PDF does (startxref, %%EOF).');
  const offset = Number(startxref[1]);
  const section = Buffer.from(pages.subarray(offset, Math.min(pages.length, offset + 4096))).toString('latin1');
  const size = /\/Size\s+(\d+)/.exec(section);
  if (!size) throw new Error('The agreement pages have no cross-reference size.');
  return { startxref: offset, size: Number(size[1]) };
}

/**
 * The agreement's pages with the signing certificate as their last page. The pages must be a PDF
 * as pdf-lib saves it (the counter's papers are); they are not re-written, only followed.
 */
export async function sealAgreement(pages: Uint8Array, facts: SigningFacts): Promise<SealedAgreement> {
  const pagesSha256 = sha256Hex(pages);
  const { startxref, size } = lastSection(pages);
  // updateMetadata off: pdf-lib would otherwise stamp the time of sealing. Parsed in one go: the
  // pages are a few dozen objects, and yielding between chunks only adds waits to the check-out.
  const doc = await PDFDocument.load(pages, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
  const { context } = doc;
  // New objects are numbered after every number the original used (its object and cross-reference
  // streams are not kept by the parser, so its /Size is the floor, not the parser's count).
  context.largestObjectNumber = Math.max(context.largestObjectNumber, size - 1);
  const firstNew = context.largestObjectNumber + 1;
  const pageCount = doc.getPageCount();

  const page = doc.addPage([...A4]);
  const [font, bold, mono] = await Promise.all([
    doc.embedFont(StandardFonts.Helvetica),
    doc.embedFont(StandardFonts.HelveticaBold),
    doc.embedFont(StandardFonts.Courier),
  ]);
  const paper = new CertificatePage(page, font, bold, mono);
  paper.text('Signing certificate', { size: 18, bold: true });
  // The condition appendix (decision 125) is sealed the same way; only what it is called differs.
  const title = facts.kind === 'condition' ? 'Condition appendix' : 'Rental agreement';
  const what = title.toLowerCase();
  paper.text(`${title} ${facts.reference}`, { size: 12 });
  paper.gap(8);
  paper.text(
    `This page closes the ${what} before it (pages 1 to ${pageCount}). The company keeps the SHA-256 fingerprint of this whole file: ` +
      `if even one character of it is changed, the fingerprint no longer matches. Check this copy at ${facts.verifyUrl}.`,
  );
  paper.heading(facts.kind === 'condition' ? 'The appendix signed' : 'The agreement signed');
  paper.row('Booking', facts.reference);
  paper.row('Signed', `${certificateTime(facts.signedAt)} (Jamaica time)`);
  paper.row('Where', facts.kind === 'online' ? "Online, on the renter's own device" : "At the company's counter");
  paper.row('From address', facts.ip ?? 'Not recorded');
  paper.row('Browser', facts.userAgent ?? 'Not recorded');
  paper.row(
    facts.kind === 'condition' ? 'Appendix pages' : 'Agreement pages',
    `The first ${pages.length.toLocaleString('en-US')} bytes of this file, pages 1 to ${pageCount}`,
  );
  // Two halves of 32, one under the other: the fingerprint is read (and copied) in two pieces, not cut anywhere.
  paper.row('SHA-256 of the pages', `${pagesSha256.slice(0, 32)} ${pagesSha256.slice(32)}`, true);
  paper.heading('What happened (Jamaica time)');
  for (const event of facts.trail) paper.row(certificateTime(event.at), event.what);
  paper.gap(14);
  paper.text(
    'To check the pages yourself: take the first bytes of this file as counted above and compute their SHA-256; it must be the one printed here. ' +
      'To check the whole file, certificate included, send it to the address above.',
    { grey: true, size: 9 },
  );
  paper.footer(`${title} ${writable(facts.reference)}   ·   Signing certificate (after page ${pageCount})`);
  doc.setModificationDate(facts.signedAt);
  await doc.flush();

  // What the update holds: every new object, the page tree that gained the page, the document's information.
  const changed = new Map<number, PDFRef>();
  for (const [ref] of context.enumerateIndirectObjects()) if (ref.objectNumber >= firstNew) changed.set(ref.objectNumber, ref);
  for (let parent = page.node.Parent(); parent; parent = parent.Parent()) {
    const ref = context.getObjectRef(parent);
    if (ref) changed.set(ref.objectNumber, ref);
  }
  const info = context.trailerInfo.Info;
  if (info instanceof PDFRef) changed.set(info.objectNumber, info);

  const base = pages.length + 1;
  const chunks: Uint8Array[] = [Buffer.from('\n', 'latin1')];
  let offset = base;
  const xref = PDFCrossRefStream.create(context.obj({}) as PDFDict, true);
  for (const ref of [...changed.values()].sort((a, b) => a.objectNumber - b.objectNumber)) {
    const bytes = indirectObject(ref, context.lookup(ref)!);
    xref.addUncompressedEntry(ref, offset);
    chunks.push(bytes);
    offset += bytes.length;
  }
  const xrefRef = PDFRef.of(context.largestObjectNumber + 1);
  xref.addUncompressedEntry(xrefRef, offset);
  xref.dict.set(PDFName.of('Size'), PDFNumber.of(xrefRef.objectNumber + 1));
  xref.dict.set(PDFName.of('Prev'), PDFNumber.of(startxref));
  xref.dict.set(PDFName.of('Root'), context.trailerInfo.Root as PDFObject);
  if (info) xref.dict.set(PDFName.of('Info'), info as PDFObject);
  if (context.trailerInfo.ID) xref.dict.set(PDFName.of('ID'), context.trailerInfo.ID as PDFArray);
  chunks.push(indirectObject(xrefRef, xref));
  chunks.push(Buffer.from(`startxref\n${offset}\n%%EOF\n`, 'latin1'));

  const pdf = new Uint8Array(Buffer.concat([pages, ...chunks]));
  return { pdf, pagesSha256, pagesLength: pages.length, sha256: sha256Hex(pdf) };
}
