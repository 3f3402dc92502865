/**
 * A small OFX reader for both versions (docs/decisions/113): 1.x is SGML, whose leaf elements
 * (<TRNAMT>-25.00) need not be closed, and 2.x is XML, where every element is. One tokenizer reads
 * both: a leaf is closed by the next tag when it has text and no closing tag of its own. Only what
 * a statement needs is read: the currency and each <STMTTRN>.
 */

/** An element: its text (a leaf) or its children, in order. */
export interface OfxNode {
  name: string;
  text: string;
  children: OfxNode[];
}

export interface OfxTransaction {
  type: string;
  /** YYYY-MM-DD. */
  date: string;
  /** The signed decimal as the bank wrote it. */
  amount: string;
  fitId: string;
  name: string;
  memo: string;
  checkNum: string;
  refNum: string;
}

export interface OfxStatement {
  currency: string;
  transactions: OfxTransaction[];
}

export class OfxError extends Error {}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Reads the tree under <OFX>; throws OfxError when there is none or the tags do not nest. */
export function readOfxTree(source: string): OfxNode {
  const start = source.search(/<OFX>/i);
  if (start < 0) throw new OfxError('no <OFX> element');
  const root: OfxNode = { name: '#root', text: '', children: [] };
  const stack: OfxNode[] = [root];
  // Tags, comments, processing instructions and CDATA; text is what lies between.
  const token = /<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<(\/?)([A-Za-z0-9_.]+)[^>]*?(\/?)>|([^<]+)|(<)/g;
  token.lastIndex = start;
  const top = () => stack[stack.length - 1]!;
  // An SGML leaf has text and no closing tag: the next tag closes it.
  const closeOpenLeaf = (unless?: string) => {
    const node = top();
    if (stack.length > 1 && node.children.length === 0 && node.text !== '' && node.name !== unless) stack.pop();
  };
  for (let m = token.exec(source); m; m = token.exec(source)) {
    const [, cdata, slash, rawName, selfClosing, text, stray] = m;
    if (stray) throw new OfxError('a stray "<"');
    if (cdata !== undefined) {
      top().text += cdata;
    } else if (text !== undefined) {
      const value = decode(text).trim();
      if (value !== '') {
        if (stack.length === 1) throw new OfxError('text outside <OFX>');
        top().text += value;
      }
    } else if (rawName) {
      const name = rawName.toUpperCase();
      if (slash) {
        closeOpenLeaf(name);
        // Close up to the element named; unclosed leaves between are closed with it.
        const at = stack.map((n) => n.name).lastIndexOf(name);
        if (at < 1) throw new OfxError(`</${name}> closes nothing`);
        stack.length = at;
        if (stack.length === 1) break;
      } else {
        closeOpenLeaf();
        const node: OfxNode = { name, text: '', children: [] };
        top().children.push(node);
        if (!selfClosing) stack.push(node);
      }
    }
  }
  if (stack.length > 1) throw new OfxError('the file ends before </OFX>');
  const ofx = root.children[0];
  if (!ofx || ofx.name !== 'OFX') throw new OfxError('no <OFX> element');
  return ofx;
}

function* descendants(node: OfxNode, name: string): Generator<OfxNode> {
  for (const child of node.children) {
    if (child.name === name) yield child;
    else yield* descendants(child, name);
  }
}

const leaf = (node: OfxNode, name: string): string => node.children.find((c) => c.name === name)?.text ?? '';

/** YYYYMMDD[HHMMSS[.XXX]][[-5:EST]] → YYYY-MM-DD; the date is the bank's own day. */
function ofxDate(value: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})/.exec(value);
  if (!m) throw new OfxError(`a date that is not YYYYMMDD: "${value.slice(0, 30)}"`);
  return `${m[1]}-${m[2]}-${m[3]}`;
}

/** The statement's currency and transactions (every <STMTTRN> of every bank or card statement in it). */
export function readOfx(source: string): OfxStatement {
  const ofx = readOfxTree(source);
  const currencies = [...descendants(ofx, 'CURDEF')].map((n) => n.text.toUpperCase());
  const transactions: OfxTransaction[] = [];
  for (const trn of descendants(ofx, 'STMTTRN')) {
    const fitId = leaf(trn, 'FITID');
    const amount = leaf(trn, 'TRNAMT');
    if (!fitId) throw new OfxError('a transaction without its FITID');
    if (!/^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(amount)) throw new OfxError(`an amount that is not a number: "${amount.slice(0, 30)}"`);
    transactions.push({
      type: leaf(trn, 'TRNTYPE').toUpperCase(),
      date: ofxDate(leaf(trn, 'DTPOSTED')),
      amount: amount.replace(',', '.'),
      fitId,
      name: leaf(trn, 'NAME'),
      memo: leaf(trn, 'MEMO'),
      checkNum: leaf(trn, 'CHECKNUM'),
      refNum: leaf(trn, 'REFNUM'),
    });
  }
  return { currency: currencies[0] ?? '', transactions };
}
