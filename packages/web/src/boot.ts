/**
 * The only script a page drawn on the server starts with (decision 076). The page reads without
 * its code, so the code (the entry chunk and the page's own chunks, listed by the server in
 * #page-code, with the whole stylesheet, of which the page inlines only the rules it uses: decision
 * 077) is asked for only once the page's largest paint is on the screen: the first frame,
 * or, when the page has pictures asked at high priority (a card's or a car's photo), once those are
 * decoded and a frame has been drawn with them. On a phone's bandwidth the ~110 KB of code then
 * no longer competes with the HTML and the photo. The wait is capped (MAX_WAIT_MS): a picture that
 * never arrives does not keep the page inert.
 * A classic deferred script (<script defer>), not a module: it runs once the HTML is parsed, and a
 * trace names its run (EvaluateScript) so Lighthouse can see it did not hold up the paint. No imports,
 * and everything inside one function so that nothing lands on window; about 1 KB compressed.
 */
(() => {
  // The contract's PAGE_CODE_ID and PAGE_LIVE_EVENT, written out: an import would become a shared
  // chunk this classic script cannot load. boot.test.ts drives this file with the contract's names.
  const PAGE_CODE_ID = 'page-code';
  const PAGE_LIVE_EVENT = 'rental:live';
  const MAX_WAIT_MS = 3000;

  let started = false;

  /** A <link> in the head; resolves once it has loaded or failed. */
  function link(rel: string, href: string): Promise<void> {
    const element = document.createElement('link');
    element.rel = rel;
    if (rel === 'modulepreload') element.crossOrigin = '';
    element.href = href;
    const settled = new Promise<void>((resolve) => {
      element.addEventListener('load', () => resolve());
      element.addEventListener('error', () => resolve());
    });
    document.head.append(element);
    return settled;
  }

  function startCode(): void {
    if (started) return;
    started = true;
    const { css = [], js = [] } = JSON.parse(document.getElementById(PAGE_CODE_ID)?.textContent || '{}') as { css?: string[]; js?: string[] };
    const [entry, ...chunks] = js;
    for (const href of chunks) void link('modulepreload', href);
    // The page's first paint used only its own rules; the code may draw anything, so it runs once the
    // whole stylesheet is here.
    void Promise.all(css.map((href) => link('stylesheet', href))).then(() => {
      if (!entry) return;
      const script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = entry;
      document.head.append(script);
    });
  }

  /**
   * A tap on a button (or a form sent with Enter) before the code has taken the page over would do
   * nothing (or send the form to the server): it is held, starts the code at once, and is given
   * again when the page says React has taken it over (PAGE_LIVE_EVENT, lib/pageLive.tsx), which then handles it as any tap.
   * Links are left alone: they work as links.
   */
  let heldClick: HTMLElement | undefined;
  let heldSubmit: { form: HTMLFormElement; submitter: HTMLElement | null } | undefined;

  function hold(event: Event): void {
    if (event.type === 'submit' && event.target instanceof HTMLFormElement) {
      heldSubmit = { form: event.target, submitter: (event as SubmitEvent).submitter };
      heldClick = undefined;
    } else {
      const button = event.target instanceof Element ? event.target.closest<HTMLElement>('button, [role="button"], input[type="submit"]') : null;
      if (!button) return;
      heldClick = button;
      heldSubmit = undefined;
    }
    event.preventDefault();
    event.stopPropagation();
    startCode();
  }
  /** Fields changed before the code took the page over (a car type chosen, dates typed). */
  const changed = new Set<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>();
  function noteChange(event: Event): void {
    const field = event.target;
    if ((field instanceof HTMLInputElement || field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement)) changed.add(field);
  }

  /**
   * React keeps the DOM's values at hydration but not in its state: the form would read those fields
   * as empty (and draw them so at its next render). Each is announced again as the visitor's change.
   * React remembers a field's last value through the element's own `value` setter, so that is set to
   * the empty value first and the visitor's value put back with the prototype's setter, which React
   * does not watch: the events then carry a change React has not seen.
   */
  function announceChanges(): void {
    // Read first: each announced field makes React draw the form again, with the others still empty.
    const values = Array.from(changed, (field) => [field, field.value] as const);
    for (const [field, value] of values) {
      // Boxes and radio buttons would need a click, which toggles them again; drawn pages have none.
      if (!field.isConnected || (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio'))) continue;
      const prototype = Object.getPrototypeOf(field) as object;
      field.value = '';
      Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
      field.dispatchEvent(new Event('change', { bubbles: true }));
    }
    changed.clear();
  }

  document.addEventListener('click', hold, true);
  document.addEventListener('submit', hold, true);
  document.addEventListener('input', noteChange, true);
  document.addEventListener('change', noteChange, true);
  // Once: the page says it is live at every address it shows, and the held tap is given back once.
  document.addEventListener(
    PAGE_LIVE_EVENT,
    () => {
      document.removeEventListener('click', hold, true);
      document.removeEventListener('submit', hold, true);
      document.removeEventListener('input', noteChange, true);
      document.removeEventListener('change', noteChange, true);
      // A frame and a task after React's first effects: the fields first, then the held tap, which
      // reads them.
      requestAnimationFrame(() =>
        setTimeout(() => {
          announceChanges();
          if (heldClick?.isConnected) heldClick.click();
          else if (heldSubmit?.form.isConnected) heldSubmit.form.requestSubmit(heldSubmit.submitter?.isConnected ? heldSubmit.submitter : null);
        }, 0),
      );
    },
    { once: true },
  );

  /** Resolves once the picture is decoded, ready to paint (or has failed: nothing to wait for then). */
  const decoded = (picture: HTMLImageElement) => picture.decode?.().catch(() => undefined);

  setTimeout(startCode, MAX_WAIT_MS);
  void Promise.all(Array.from(document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]'), decoded)).then(() => {
    // The frame that paints what is decoded now, then a task after it: the code starts after that paint.
    requestAnimationFrame(() => setTimeout(startCode, 0));
  });
})();
