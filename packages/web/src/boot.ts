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
 * and everything inside one function so that nothing lands on window; under 1 KB compressed.
 * Fields are left alone: what a visitor chooses or types meanwhile stays in the page, and the
 * component owning the field reads it from there as it is hydrated (lib/drawnField.ts, decision 086).
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
    // One chunk's request per task: each costs the main thread ~2-3 ms (~10 ms on a phone's slower
    // CPU) and a page names a dozen, which in one loop made a task long enough to delay a tap.
    const preloadNext = (): void => {
      const href = chunks.shift();
      if (!href) return;
      void link('modulepreload', href);
      setTimeout(preloadNext, 0);
    };
    preloadNext();
    // The page's first paint used only its own rules; the code may draw anything, so it runs once the
    // whole stylesheet is here.
    void Promise.all(css.map((href) => link('stylesheet', href))).then(() => {
      if (!entry) return;
      // In a task of its own: the stylesheet's arrival (its load event, then the browser's style
      // recalculation) is work enough for one task on a phone.
      setTimeout(() => {
        const script = document.createElement('script');
        script.type = 'module';
        script.crossOrigin = '';
        script.src = entry;
        document.head.append(script);
      }, 0);
    });
  }

  /**
   * A tap on a button (or a form sent with Enter) before the code has taken the page over would do
   * nothing (or send the form to the server): it is held, starts the code at once, and is given
   * again when the page says React has taken it over (PAGE_LIVE_EVENT, lib/pageLive.tsx), which then handles it as any tap.
   * Given back with the DOM's own click() and requestSubmit(), as a visitor's tap would come.
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
  document.addEventListener('click', hold, true);
  document.addEventListener('submit', hold, true);
  // Once: the page says it is live at every address it shows, and the held tap is given back once.
  document.addEventListener(
    PAGE_LIVE_EVENT,
    () => {
      document.removeEventListener('click', hold, true);
      document.removeEventListener('submit', hold, true);
      // A frame and a task after React's first effects, so that the renders those effects asked for
      // are done: the fields' owners have taken in what the visitor chose meanwhile (decision 086),
      // and the held tap reads it.
      requestAnimationFrame(() =>
        setTimeout(() => {
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
