/**
 * A PDF kept as a customer's document: without what it says about its maker, and without anything
 * that runs or reaches out when it is opened (docs/decisions/106-storage-that-cannot-be-filled.md).
 * - Metadata: the document information (author, software, dates), every XMP metadata stream (the
 *   document's and its pages', which may hold a scanner's GPS position), and the information
 *   dictionaries left behind by earlier edits.
 * - Actions: the document's scripts (/Names /JavaScript), what runs on opening (/OpenAction),
 *   every trigger (/AA: pages, fields, annotations), and any action that is not a move within the
 *   document, a viewer's menu command or a web, e-mail or phone link: JavaScript, Launch,
 *   SubmitForm, ImportData, links to other files, and `javascript:` (or any other scheme's) links.
 *   The list kept is short and known (an allow-list); a new kind of action is dropped, not let in.
 *   XFA forms, which carry their own scripts, go too.
 * pdf-lib writes every object it loaded, referenced or not, so after the references are cut the
 * objects no longer reachable from the document's root are deleted: nothing cut stays in the file.
 */
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, type PDFObject, PDFRawStream, PDFRef, PDFStream, PDFString } from 'pdf-lib';

const METADATA = PDFName.of('Metadata');
const TYPE = PDFName.of('Type');
const SUBTYPE = PDFName.of('Subtype');
const XML = PDFName.of('XML');
/** Keys only a document information dictionary has. */
const INFO_KEYS = ['Author', 'Creator', 'Producer', 'CreationDate', 'ModDate', 'Title', 'Subject', 'Keywords'].map((key) => PDFName.of(key));

/** Keys that hold scripts or triggers wherever they are: removed with whatever they point to. */
const ALWAYS_REMOVED = ['OpenAction', 'AA', 'JS', 'JavaScript', 'XFA'].map((key) => PDFName.of(key));
const ACTION = PDFName.of('Action');
const S = PDFName.of('S');
const URI = PDFName.of('URI');
const NEXT = PDFName.of('Next');
/** Every action type of PDF 2.0 (a dict with one of these as /S is an action). */
const ACTION_TYPES = new Set(
  [
    'GoTo',
    'GoToR',
    'GoToE',
    'GoToDp',
    'Launch',
    'Thread',
    'URI',
    'Sound',
    'Movie',
    'Hide',
    'Named',
    'SubmitForm',
    'ResetForm',
    'ImportData',
    'SetOCGState',
    'Rendition',
    'Trans',
    'GoTo3DView',
    'JavaScript',
    'RichMediaExecute',
  ].map((name) => PDFName.of(name)),
);
/** The actions a document keeps: a move within it, a viewer's menu command, a link (checked below). */
const SAFE_ACTIONS = new Set(['GoTo', 'Named', 'URI'].map((name) => PDFName.of(name)));
/** The links a document keeps; `javascript:`, `file:`, `data:` and any other scheme go. */
const SAFE_LINK = /^\s*(https?:|mailto:|tel:)/i;

export class LockedPdf extends Error {}
export class UnreadablePdf extends Error {}

const dictOf = (object: PDFObject | undefined): PDFDict | undefined =>
  object instanceof PDFDict ? object : object instanceof PDFStream || object instanceof PDFRawStream ? object.dict : undefined;

function linkText(value: PDFObject | undefined): string {
  return value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : '';
}

/** An action the document must not keep: any type but the safe few, or a link to anything but the web, e-mail or a phone. */
function isUnsafeAction(dict: PDFDict): boolean {
  const type = dict.get(S);
  const isAction = dict.get(TYPE) === ACTION || (type instanceof PDFName && ACTION_TYPES.has(type));
  if (!isAction) return false;
  if (!(type instanceof PDFName) || !SAFE_ACTIONS.has(type)) return true;
  return type === URI && !SAFE_LINK.test(linkText(dict.lookup(URI)));
}

/** Cuts, in this object and the direct objects inside it, every trigger, script and unsafe action it points to. */
function cutActions(pdf: PDFDocument, object: PDFObject): void {
  const { context } = pdf;
  const unsafe = (value: PDFObject | undefined) => {
    const dict = dictOf(value instanceof PDFRef ? context.lookup(value) : value);
    return dict !== undefined && isUnsafeAction(dict);
  };
  const dict = dictOf(object);
  if (dict) {
    for (const key of ALWAYS_REMOVED) dict.delete(key);
    for (const [key, value] of dict.entries()) {
      if (unsafe(value)) dict.delete(key);
      else if (!(value instanceof PDFRef)) cutActions(pdf, value);
      // A chain whose every action was cut is no chain.
      if (key === NEXT && value instanceof PDFArray && value.size() === 0) dict.delete(key);
    }
  } else if (object instanceof PDFArray) {
    // Chains of actions (/Next [...]) hold them in arrays.
    for (let i = object.size() - 1; i >= 0; i--) {
      const value = object.get(i);
      if (unsafe(value)) object.remove(i);
      else if (!(value instanceof PDFRef)) cutActions(pdf, value);
    }
  }
}

/** Deletes every object the document's root does not reach. */
function dropUnreachable(pdf: PDFDocument): void {
  const { context } = pdf;
  const reached = new Set<PDFRef>();
  const root = context.trailerInfo.Root;
  const stack: PDFObject[] = root ? [root] : [];
  while (stack.length > 0) {
    const object = stack.pop()!;
    if (object instanceof PDFRef) {
      if (reached.has(object)) continue;
      reached.add(object);
      const target = context.lookup(object);
      if (target) stack.push(target);
    } else if (object instanceof PDFArray) {
      stack.push(...object.asArray());
    } else {
      const dict = dictOf(object);
      if (dict) stack.push(...dict.values());
    }
  }
  for (const [ref] of context.enumerateIndirectObjects()) if (!reached.has(ref)) context.delete(ref);
}

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
    const dict = dictOf(object);
    if (!dict) continue;
    const isXmp = dict.get(TYPE) === METADATA || dict.get(SUBTYPE) === XML;
    const isInfo = !dict.has(TYPE) && INFO_KEYS.some((key) => dict.has(key));
    if (isXmp || isInfo) context.delete(ref);
    else dict.delete(METADATA);
  }
  for (const [, object] of context.enumerateIndirectObjects()) cutActions(pdf, object);
  dropUnreachable(pdf);
  return pdf.save({ updateFieldAppearances: false });
}
