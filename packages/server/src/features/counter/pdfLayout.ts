/**
 * The counter's papers (the rental agreement and the receipt) are drawn with pdf-lib's standard
 * Helvetica: no font file to ship and nothing to subset, so the same facts give the same bytes.
 * This is the little flowing layout both share: text wraps to the page's width and runs onto a new
 * page when it reaches the bottom; a page number is added to every page at the end.
 */
import type { CompanySettings } from '@rental/contract';
import { promisify } from 'node:util';
import { deflate } from 'node:zlib';
import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  type PDFFont,
  type PDFPage,
  type PDFRef,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  StandardFonts,
} from 'pdf-lib';
import sharp from 'sharp';
import { companySettingUp } from '../company';

/** A4 in points. */
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 50;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
/** The bottom margin keeps room for the page number. */
const BOTTOM = MARGIN + 14;
const BODY_SIZE = 10;
const LABEL_WIDTH = 150;
const AMOUNT_WIDTH = 130;
const GREY = rgb(0.35, 0.35, 0.35);
const BLACK = rgb(0, 0, 0);
const RULE = rgb(0.75, 0.75, 0.75);
/** Signatures are scaled to fit this box, their proportions kept. */
export const SIGNATURE_BOX = { width: 200, height: 70 };
/**
 * A signature is made at most this many pixels per point of its box before it goes on the paper
 * (144 dpi): sharper than any printer needs, and a tablet's 1800 x 600 pad is not packed whole.
 */
const SIGNATURE_PIXELS_PER_POINT = 2;

// ---- Text the standard fonts can write ----

/** What WinAnsi (the standard fonts' encoding) has beyond Latin-1. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
/** Look-alikes for characters WinAnsi lacks, so a name or label keeps its sense. */
const LOOK_ALIKES: Record<string, string> = {
  // Kept apart from the font's own: a no-break space would not break a line nor be found by search.
  '\u00a0': ' ',
  '\u00ad': '',
  // Latin letters that have no accent-free form to decompose into.
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2015': '—',
  '\u2212': '-',
  '\u2032': "'",
  '\u2033': '"',
  '\u201b': "'",
  '\u201f': '"',
  '\u2192': '->',
  '\u2190': '<-',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2713': 'v',
  '\u2714': 'v',
};

function canEncode(char: string): boolean {
  const cp = char.codePointAt(0) ?? 0;
  return (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || WIN_ANSI_EXTRA.has(char);
}

/**
 * Text as Helvetica can write it: letters outside WinAnsi become their plain Latin letter when
 * they have one (ő → o), a look-alike (‐ → -), or "?" (李), so a customer's name never stops the
 * paper being made. Spaces of every kind become a plain space; invisible marks are dropped.
 */
export function pdfSafe(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    if (LOOK_ALIKES[char] !== undefined) out += LOOK_ALIKES[char];
    else if (canEncode(char)) out += char;
    else if (/\s/u.test(char)) out += ' ';
    else if (/[\p{M}\p{Cf}\p{Cc}]/u.test(char)) continue;
    else {
      const plain = char.normalize('NFKD').replace(/\p{M}/gu, '');
      out += plain !== '' && [...plain].every(canEncode) ? plain : '?';
    }
  }
  return out;
}

// ---- Dates and money as people read them ----

const JAMAICA_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'America/Jamaica',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "25 Nov 2026, 10:42", on the clock of the counter in Jamaica. */
export function jamaicaTime(date: Date): string {
  const parts = Object.fromEntries(JAMAICA_TIME.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute}`;
}

export const km = (value: number) => `${value.toLocaleString('en-US')} km`;

const packed = promisify(deflate);

interface SignatureImage {
  ref: PDFRef;
  width: number;
  height: number;
}

/**
 * A signature as the paper's own image: flattened on the paper's white, no larger than its box
 * needs (a smaller one is left as drawn), its pixels packed by node's zlib. Both run off the
 * request's thread; pdf-lib's embedPng would decode the PNG and pack it again in JavaScript on it
 * (bench/counter-pdf.mjs). Lossless: the stroke is the pixels the pad gave, as with a PNG.
 */
async function signatureImage(png: Uint8Array) {
  const { data, info } = await sharp(png)
    .resize({
      width: SIGNATURE_BOX.width * SIGNATURE_PIXELS_PER_POINT,
      height: SIGNATURE_BOX.height * SIGNATURE_PIXELS_PER_POINT,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { pixels: await packed(data), width: info.width, height: info.height };
}

// ---- The flowing page ----

export interface AmountLine {
  label: string;
  amount: string;
  /** A total: bold, with a rule above. */
  total?: boolean;
}

export interface SignatureBlock {
  /** "Renter", "For the company". */
  role: string;
  /** A PNG, or null to write `instead` in the box. */
  png: Uint8Array | null;
  instead?: string;
  name: string;
  date: string;
}

export interface PaperFacts {
  title: string;
  company: string;
  /** Both the creation and the modification date, so the same facts give the same bytes. */
  date: Date;
  /** Beside each page's number: "Rental agreement WR-7K3M9Q". */
  footer: string;
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  const space = font.widthOfTextAtSize(' ', size);
  for (const paragraph of text.split('\n')) {
    // Widths add up word by word, so a long paragraph is measured once, not once per word.
    let line = '';
    let lineWidth = 0;
    for (const word of pdfSafe(paragraph)
      .split(' ')
      .filter((w) => w !== '')) {
      const wordWidth = font.widthOfTextAtSize(word, size);
      const candidate = line === '' ? wordWidth : lineWidth + space + wordWidth;
      if (candidate <= width) {
        line = line === '' ? word : `${line} ${word}`;
        lineWidth = candidate;
        continue;
      }
      if (line !== '') lines.push(line);
      line = word;
      lineWidth = wordWidth;
      // A word wider than the column (a long e-mail address) is cut where it must be.
      while (lineWidth > width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut -= 1;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
        lineWidth = font.widthOfTextAtSize(line, size);
      }
    }
    lines.push(line);
  }
  return lines;
}

export class Paper {
  private page: PDFPage;
  private y: number;

  private constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
    private readonly footer: string,
  ) {
    this.page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.y = PAGE_HEIGHT - MARGIN;
  }

  static async create(facts: PaperFacts): Promise<Paper> {
    // updateMetadata off: pdf-lib would otherwise stamp the time of rendering.
    const doc = await PDFDocument.create({ updateMetadata: false });
    const maker = pdfSafe(facts.company);
    doc.setTitle(pdfSafe(facts.title));
    doc.setAuthor(maker);
    doc.setProducer(maker);
    doc.setCreator(maker);
    doc.setCreationDate(facts.date);
    doc.setModificationDate(facts.date);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    return new Paper(doc, font, bold, facts.footer);
  }

  private lineHeight(size: number) {
    return size * 1.35;
  }

  /** Starts a new page unless `height` still fits on this one: what must stay together, stays. */
  ensure(height: number) {
    if (this.y - height >= BOTTOM) return;
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.y = PAGE_HEIGHT - MARGIN;
  }

  private drawLine(text: string, x: number, size: number, bold = false, color = BLACK) {
    if (text !== '') this.page.drawText(text, { x, y: this.y - size, size, font: bold ? this.bold : this.font, color });
  }

  gap(points = 8) {
    this.y -= points;
  }

  /** A paragraph; long ones run onto the next page line by line. */
  text(text: string, options: { size?: number; bold?: boolean; indent?: number; grey?: boolean } = {}) {
    const size = options.size ?? BODY_SIZE;
    const indent = options.indent ?? 0;
    const font = options.bold ? this.bold : this.font;
    for (const line of wrap(text, font, size, CONTENT_WIDTH - indent)) {
      this.ensure(this.lineHeight(size));
      this.drawLine(line, MARGIN + indent, size, options.bold, options.grey ? GREY : BLACK);
      this.y -= this.lineHeight(size);
    }
  }

  title(text: string) {
    this.gap(6);
    this.text(text, { size: 18, bold: true });
    this.gap(4);
  }

  /** A section's heading, kept with at least two lines of what follows. */
  heading(text: string) {
    this.gap(10);
    this.ensure(this.lineHeight(12) + 2 + 2 * this.lineHeight(BODY_SIZE));
    this.text(text, { size: 12, bold: true });
    this.page.drawLine({ start: { x: MARGIN, y: this.y + 2 }, end: { x: MARGIN + CONTENT_WIDTH, y: this.y + 2 }, thickness: 0.5, color: RULE });
    this.gap(4);
  }

  /** Two columns: a label, and its value wrapped beside it. */
  rows(rows: [string, string][]) {
    for (const [label, value] of rows) {
      this.columns(wrap(label, this.font, BODY_SIZE, LABEL_WIDTH - 10), wrap(value, this.font, BODY_SIZE, CONTENT_WIDTH - LABEL_WIDTH), (left, right) => {
        this.drawLine(left, MARGIN, BODY_SIZE, false, GREY);
        this.drawLine(right, MARGIN + LABEL_WIDTH, BODY_SIZE);
      });
    }
  }

  /** Lines and amounts, the amounts right-aligned; a total is bold under a rule. */
  amounts(lines: AmountLine[]) {
    for (const line of lines) {
      const font = line.total ? this.bold : this.font;
      if (line.total) {
        this.ensure(4 + this.lineHeight(BODY_SIZE));
        this.page.drawLine({ start: { x: MARGIN, y: this.y - 1 }, end: { x: MARGIN + CONTENT_WIDTH, y: this.y - 1 }, thickness: 0.5, color: RULE });
        this.gap(4);
      }
      const amount = pdfSafe(line.amount);
      this.columns(wrap(line.label, font, BODY_SIZE, CONTENT_WIDTH - AMOUNT_WIDTH - 10), [amount], (left, right) => {
        this.drawLine(left, MARGIN, BODY_SIZE, line.total);
        if (right !== '') this.drawLine(right, MARGIN + CONTENT_WIDTH - font.widthOfTextAtSize(right, BODY_SIZE), BODY_SIZE, line.total);
      });
    }
  }

  /** A list, numbered or with bullets; each item wraps under its own start. */
  list(items: string[], numbered = false) {
    const indent = numbered ? 22 : 14;
    items.forEach((item, index) => {
      const marker = numbered ? `${index + 1}.` : '•';
      this.columns([marker], wrap(item, this.font, BODY_SIZE, CONTENT_WIDTH - indent), (left, right) => {
        this.drawLine(left, MARGIN + 2, BODY_SIZE);
        this.drawLine(right, MARGIN + indent, BODY_SIZE);
      });
      this.gap(2);
    });
  }

  /** Draws two columns line by line, keeping a row on one page when it fits on one. */
  private columns(left: string[], right: string[], draw: (left: string, right: string) => void) {
    const count = Math.max(left.length, right.length);
    const lineHeight = this.lineHeight(BODY_SIZE);
    this.ensure(Math.min(count * lineHeight, PAGE_HEIGHT - MARGIN - BOTTOM));
    for (let i = 0; i < count; i += 1) {
      this.ensure(lineHeight);
      draw(left[i] ?? '', right[i] ?? '');
      this.y -= lineHeight;
    }
  }

  /** Signatures side by side, each scaled into its box, with the name, the role and the date beneath. */
  async signatures(blocks: SignatureBlock[]) {
    const made = await Promise.all(blocks.map((block) => (block.png ? signatureImage(block.png) : null)));
    // Registered one after the other: the objects' numbers follow the blocks' order, and the same
    // facts must give the same bytes whichever resize finished first.
    const images = made.map((image): SignatureImage | null => {
      if (!image) return null;
      const stream = this.doc.context.stream(image.pixels, {
        Type: 'XObject',
        Subtype: 'Image',
        Width: image.width,
        Height: image.height,
        ColorSpace: 'DeviceRGB',
        BitsPerComponent: 8,
        Filter: 'FlateDecode',
      });
      return { ref: this.doc.context.register(stream), width: image.width, height: image.height };
    });
    const lineHeight = this.lineHeight(BODY_SIZE);
    this.ensure(SIGNATURE_BOX.height + 8 + 3 * lineHeight);
    const top = this.y;
    const columnWidth = CONTENT_WIDTH / blocks.length;
    blocks.forEach((block, index) => {
      const x = MARGIN + index * columnWidth;
      const image = images[index];
      const boxBottom = top - SIGNATURE_BOX.height;
      if (image) {
        const scale = Math.min(SIGNATURE_BOX.width / image.width, SIGNATURE_BOX.height / image.height);
        const width = image.width * scale;
        const height = image.height * scale;
        const name = this.page.node.newXObject('Image', image.ref);
        const y = boxBottom + (SIGNATURE_BOX.height - height) / 2;
        this.page.pushOperators(pushGraphicsState(), concatTransformationMatrix(width, 0, 0, height, x, y), drawObject(name), popGraphicsState());
      } else if (block.instead) {
        this.y = top - SIGNATURE_BOX.height / 2 + BODY_SIZE;
        for (const line of wrap(block.instead, this.font, BODY_SIZE, SIGNATURE_BOX.width)) {
          this.drawLine(line, x, BODY_SIZE);
          this.y -= lineHeight;
        }
      }
      this.page.drawLine({ start: { x, y: boxBottom - 2 }, end: { x: x + SIGNATURE_BOX.width, y: boxBottom - 2 }, thickness: 0.75, color: GREY });
      this.y = boxBottom - 6;
      for (const [text, grey] of [
        [block.name, false],
        [block.role, true],
        [block.date, true],
      ] as const) {
        this.drawLine(wrap(text, this.font, BODY_SIZE, columnWidth - 10)[0] ?? '', x, BODY_SIZE, false, grey ? GREY : BLACK);
        this.y -= lineHeight;
      }
    });
    this.y = top - SIGNATURE_BOX.height - 6 - 3 * lineHeight;
  }

  /** Numbers the pages and gives the document's bytes. */
  async finish(): Promise<Uint8Array> {
    const pages = this.doc.getPages();
    const footer = pdfSafe(this.footer);
    pages.forEach((page, index) => {
      page.drawText(`${footer}   ·   Page ${index + 1} of ${pages.length}`, { x: MARGIN, y: MARGIN - 8, size: 8, font: this.font, color: GREY });
    });
    return this.doc.save();
  }
}

// ---- What both papers print the same way ----

/**
 * The lines under the company's name: its address, its phone and e-mail once an owner saved them
 * (the shipped ones are placeholders, never printed), and its TRN once it has one.
 */
export function companyLines(company: CompanySettings, contactsSaved: boolean): string[] {
  const lines = [company.address];
  if (contactsSaved) lines.push(`Phone ${company.phone}   ·   E-mail ${company.email}`);
  if (company.trn.trim() !== '') lines.push(`TRN ${company.trn.trim()}`);
  return lines;
}

/** The company's name and its lines (companyLines). */
export function letterhead(paper: Paper, company: CompanySettings) {
  paper.text(company.name, { size: 16, bold: true });
  for (const line of companyLines(company, !companySettingUp(company))) paper.text(line, { grey: true });
}
