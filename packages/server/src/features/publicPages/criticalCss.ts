/**
 * The part of the site's stylesheet a drawn page needs for its first paint (decision 077): every
 * rule of the utilities and components layers (and of unlayered CSS) whose selector names a class
 * the page's HTML uses, or no class at all; everything else kept whole (the theme's variables, the
 * base layer, @property, @keyframes). Rules keep their order, so once the whole stylesheet arrives
 * after the paint (the boot script adds it) the cascade is the same as with the whole sheet alone.
 *
 * Over-keeping is harmless (a rule whose class is on the page but whose selector does not match);
 * dropping a needed rule is not, so a rule is kept when any class of its selector is on the page.
 */

/** A top-level statement of a stylesheet or of a block: an at-rule or a style rule. */
interface Statement {
  /** The selector or at-rule prelude, trimmed. */
  prelude: string;
  /** What is between the braces; undefined for a statement ending in ";" (@import, @layer a, b;). */
  body: string | undefined;
  /** The statement's own text, as written. */
  text: string;
}

/** Index just past a quoted string starting at `at` (its quote character), escapes honoured. */
function skipString(css: string, at: number): number {
  const quote = css[at];
  let i = at + 1;
  while (i < css.length && css[i] !== quote) i += css[i] === '\\' ? 2 : 1;
  return i + 1;
}

/** Splits CSS into its statements at this level (a comment is dropped; strings and escapes are respected). */
export function statements(css: string): Statement[] {
  const list: Statement[] = [];
  let i = 0;
  while (i < css.length) {
    const start = i;
    // The prelude: up to "{" or ";".
    while (i < css.length && css[i] !== '{' && css[i] !== ';') {
      const c = css[i];
      if (c === '"' || c === "'") i = skipString(css, i);
      else if (c === '\\') i += 2;
      else if (c === '/' && css[i + 1] === '*') {
        const end = css.indexOf('*/', i + 2);
        i = end < 0 ? css.length : end + 2;
      } else i += 1;
    }
    const prelude = css
      .slice(start, i)
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .trim();
    if (i >= css.length) {
      if (prelude) throw new Error(`CSS ends inside "${prelude.slice(0, 40)}"`);
      break;
    }
    if (css[i] === ';') {
      i += 1;
      if (prelude) list.push({ prelude, body: undefined, text: `${prelude};` });
      continue;
    }
    // A block: up to its matching "}".
    const open = i;
    let depth = 0;
    for (; i < css.length; i += 1) {
      const c = css[i];
      if (c === '"' || c === "'") {
        i = skipString(css, i) - 1;
      } else if (c === '\\') {
        i += 1;
      } else if (c === '{') {
        depth += 1;
      } else if (c === '}') {
        depth -= 1;
        if (depth === 0) break;
      }
    }
    if (depth !== 0) throw new Error(`CSS block "${prelude.slice(0, 40)}" is not closed`);
    const body = css.slice(open + 1, i);
    i += 1;
    list.push({ prelude, body, text: `${prelude}{${body}}` });
  }
  return list;
}

/** The class names a selector mentions (".sm\:px-6" is "sm:px-6"). */
export function selectorClasses(selector: string): string[] {
  return Array.from(selector.matchAll(/\.((?:\\.|[\w-])+)/g), (m) => (m[1] ?? '').replace(/\\(.)/g, '$1'));
}

/** The classes an HTML text uses in its class attributes (as React and index.html write them: double quotes). */
export function htmlClasses(html: string): Set<string> {
  const used = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of (match[1] ?? '').split(/\s+/)) if (name) used.add(name.replace(/&amp;/g, '&'));
  }
  return used;
}

/** Drops the definitions (and @property rules) of custom properties that no var() in the CSS or the HTML reads. */
export function withoutUnreadProperties(css: string, html = ''): string {
  const read = new Set<string>();
  for (const text of [css, html]) for (const match of text.matchAll(/var\(\s*(--[\w-]+)/g)) read.add(match[1] ?? '');
  return css
    .replace(/@property\s+(--[\w-]+)\s*\{[^}]*\}/g, (rule, name: string) => (read.has(name) ? rule : ''))
    .replace(/(?<=[{;])(--[\w-]+):[^;{}]*;?/g, (declaration, name: string) => (read.has(name) ? declaration : ''))
    .replace(/;}/g, '}');
}

/** Layers kept whole: variables, resets and @property fallbacks, needed by whatever is drawn. */
const WHOLE_LAYERS = /^@layer\s+(theme|base|properties)\b/;
/** Blocks whose content is filtered rule by rule. */
const GROUPING = /^@(media|supports|layer|container)\b/;

function keep(list: Statement[], used: Set<string>): string {
  let out = '';
  for (const statement of list) {
    const { prelude, body, text } = statement;
    if (body === undefined || WHOLE_LAYERS.test(prelude)) {
      out += text;
    } else if (GROUPING.test(prelude)) {
      const inner = keep(statements(body), used);
      if (inner) out += `${prelude}{${inner}}`;
    } else if (prelude.startsWith('@')) {
      // @keyframes, @property, @font-face...: kept whole.
      out += text;
    } else {
      const classes = selectorClasses(prelude);
      if (classes.length === 0 || classes.some((name) => used.has(name))) out += text;
    }
  }
  return out;
}

/** A stylesheet parsed once, and the part of it a page needs. */
export class CriticalCss {
  private readonly parsed: Statement[];

  constructor(css: string) {
    this.parsed = statements(css);
  }

  /**
   * The rules the HTML's classes need (and every rule that names no class), in their order, less
   * the custom properties nothing kept reads (the theme's colours of other pages, @property
   * declarations of effects not drawn here): a property no var() names has no effect.
   */
  for(html: string): string {
    return withoutUnreadProperties(keep(this.parsed, htmlClasses(html)), html);
  }
}
