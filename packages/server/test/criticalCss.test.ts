/** The part of the stylesheet a drawn page inlines (decision 077). */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CriticalCss, htmlClasses, selectorClasses, statements, withoutUnreadProperties } from '../src/features/publicPages/criticalCss';

describe('critical CSS', () => {
  it('reads the class names of a selector, escapes undone', () => {
    expect(selectorClasses('.sm\\:px-6')).toEqual(['sm:px-6']);
    expect(selectorClasses('.top-1\\/2')).toEqual(['top-1/2']);
    expect(selectorClasses(':where(.space-y-4>:not(:last-child))')).toEqual(['space-y-4']);
    expect(selectorClasses('.group:hover .group-hover\\:underline')).toEqual(['group', 'group-hover:underline']);
    expect(selectorClasses('*,:before,:after')).toEqual([]);
  });

  it('reads the classes of the HTML', () => {
    expect([...htmlClasses('<main class="a  sm:b"><svg class="lucide lucide-star"></svg><p data-class="x">class="y"</p></main>')]).toEqual([
      'a',
      'sm:b',
      'lucide',
      'lucide-star',
    ]);
  });

  it('splits statements without being fooled by strings, escapes or comments', () => {
    const list = statements('/*! x */@layer a,b;.q\\{{content:"}{"}@media (x){.r{color:red}}');
    expect(list.map((s) => s.prelude)).toEqual(['@layer a,b', '.q\\{', '@media (x)']);
    expect(list[1]?.body).toBe('content:"}{"');
    expect(() => statements('.a{color:red')).toThrow(/not closed/);
  });

  it('keeps the rules of used classes and of no class, in order, with at-rules and whole layers', () => {
    const css =
      '@layer theme,base,utilities;@layer theme{:root{--c:red}.unused-theme{x:1}}@layer base{*{margin:0}.unused-base{x:1}}' +
      '@layer utilities{.a{x:var(--c)}.b{x:2}.c:hover{x:3}@media (hover:hover){.d:hover{x:4}.a:hover{x:5}}.e,.a{x:var(--tw-x)}}' +
      '@keyframes spin{to{rotate:1turn}}@property --tw-x{syntax:"*";inherits:false}.f{x:7}';
    expect(new CriticalCss(css).for('<p class="a"></p>')).toBe(
      '@layer theme,base,utilities;@layer theme{:root{--c:red}.unused-theme{x:1}}@layer base{*{margin:0}.unused-base{x:1}}' +
        '@layer utilities{.a{x:var(--c)}@media (hover:hover){.a:hover{x:5}}.e,.a{x:var(--tw-x)}}' +
        '@keyframes spin{to{rotate:1turn}}@property --tw-x{syntax:"*";inherits:false}',
    );
  });

  it('drops the custom properties no var() reads, in the CSS or in the HTML', () => {
    const css =
      '@layer theme{:root,:host{--color-red:red;--font:var(--font-sans);--font-sans:ui-sans-serif;--color-blue:blue;--spacing:.25rem}}' +
      '@layer utilities{.p-1{padding:calc(var(--spacing) * 1)}.shadow{--tw-shadow:0 1px;box-shadow:var(--tw-shadow);--tw-unread:1}}' +
      '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}@property --tw-ring{syntax:"*";inherits:false}body{font-family:var(--font)}';
    expect(withoutUnreadProperties(css, '<p style="color:var(--color-blue)"></p>')).toBe(
      '@layer theme{:root,:host{--font:var(--font-sans);--font-sans:ui-sans-serif;--color-blue:blue;--spacing:.25rem}}' +
        '@layer utilities{.p-1{padding:calc(var(--spacing) * 1)}.shadow{--tw-shadow:0 1px;box-shadow:var(--tw-shadow)}}' +
        '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}body{font-family:var(--font)}',
    );
  });

  it("reads the web build's own stylesheet when there is one: a class's rules kept, unused ones dropped", () => {
    const assets = join(__dirname, '..', '..', 'web', 'dist', 'assets');
    let file: string | undefined;
    try {
      file = readdirSync(assets).find((name) => /^index-.*\.css$/.test(name));
    } catch {
      file = undefined;
    }
    if (!file) return;
    const css = readFileSync(join(assets, file), 'utf8');
    const critical = new CriticalCss(css).for('<div class="sr-only flex sm:grid-cols-2"></div>');
    expect(critical.length).toBeLessThan(css.length / 2);
    expect(critical).toContain('.sr-only{');
    expect(critical).toContain('.sm\\:grid-cols-2{');
    expect(critical).not.toContain('.grid-cols-3{');
  });
});
