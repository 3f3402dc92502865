/**
 * A PDF without what it says about its maker: the document information (author, software, dates),
 * every XMP metadata stream (the document's and its pages', which may hold a scanner's GPS position),
 * and the information dictionaries left behind by earlier edits. pdf-lib writes every object it
 * loaded, referenced or not, so the objects themselves are removed, not only the references to them.
 */
import { PDFDict, PDFDocument, PDFName, PDFRawStream, PDFStream } from 'pdf-lib';

const METADATA = PDFName.of('Metadata');
const TYPE = PDFName.of('Type');
const SUBTYPE = PDFName.of('Subtype');
const XML = PDFName.of('XML');
/** Keys only a document information dictionary has. */
const INFO_KEYS = ['Author', 'Creator', 'Producer', 'CreationDate', 'ModDate', 'Title', 'Subject', 'Keywords'].map((key) => PDFName.of(key));

export class LockedPdf extends Error {}
export class UnreadablePdf extends Error {}

export async function cleanPdfBytes(bytes: Uint8Array): Promise<Uint8Array> {
  let pdf: PDFDocument;
  try {
    pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  } catch (err) {
    if (err instanceof Error && /encrypt/i.test(err.message)) throw new LockedPdf();
    throw new UnreadablePdf();
  }
  const { context } = pdf;
  context.trailerInfo.Info = undefined;
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    const dict = object instanceof PDFDict ? object : object instanceof PDFStream || object instanceof PDFRawStream ? object.dict : undefined;
    if (!dict) continue;
    const isXmp = dict.get(TYPE) === METADATA || dict.get(SUBTYPE) === XML;
    const isInfo = !dict.has(TYPE) && INFO_KEYS.some((key) => dict.has(key));
    if (isXmp || isInfo) context.delete(ref);
    else dict.delete(METADATA);
  }
  return pdf.save({ updateFieldAppearances: false });
}
