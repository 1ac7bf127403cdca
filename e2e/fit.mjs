// What a player cannot read on the screen as it is: the page scrolling sideways, text cut by its
// own box or by a box around it, and text covered by another element. Shared by the overflow test
// (e2e/overflow.test.mjs) and whoever takes screenshots.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Every language the app ships: one catalogue a language in packages/contract/locales/. */
export const LANGUAGES = readdirSync(fileURLToPath(new URL('../packages/contract/locales', import.meta.url)))
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length))
  .sort((a, b) => (a === 'en' ? -1 : b === 'en' ? 1 : a.localeCompare(b)));

/**
 * The languages that try a layout hardest: the longest texts in Latin and Cyrillic script (Spanish
 * and Russian, 17% longer than English), right to left (Persian) and the tallest script (Hindi).
 *
 * The app has one width breakpoint (360 px, `min-[360px]:`) and one height breakpoint (700 px),
 * and no layout between them: within a breakpoint a wider phone wraps text less and is bigger, so
 * every language is tried at the narrowest and shortest phone of each breakpoint, and the wider
 * ones, whose difference is size, not text, in these.
 */
export const HARDEST_LANGUAGES = ['es', 'ru', 'fa', 'hi'];

/**
 * A phone's browser context for looking at where things lie at rest: `width` x `height` at one
 * device pixel, touch, and the player's reduced motion. Motion changes no layout, and Home's glow
 * breathes for ever: drawn without a GPU it takes a tenth of a core per page, still it takes
 * none. (The app's reduced motion makes every animation and transition 1 ms long.)
 */
export const restingPhone = (width, height) => ({
  viewport: { width, height },
  deviceScaleFactor: 1,
  hasTouch: true,
  isMobile: true,
  reducedMotion: 'reduce',
});

/**
 * The problems on the page as it is now, one line each (empty when every text is whole and
 * visible):
 * - `page`: the document is wider than the screen (it would scroll sideways);
 * - `cut`: a text is wider than its own box, or reaches outside a box around it that hides what
 *   sticks out. Names (marked data-clip-ok) may be cut, but only when longer than 12 characters;
 * - `covered`: the element at a point of a text (its centre and near its four corners), once
 *   scrolled to the middle of the screen, is neither the text's element nor inside it: another
 *   element lies on it (the fixed footer over the last button, the egg over a label).
 * With a dialog open, only its own texts are looked at.
 */
export const problemsOnScreen = (page) =>
  page.evaluate(() => {
    const out = [];
    const width = document.documentElement.scrollWidth;
    if (width > window.innerWidth) out.push(`page: ${width} px wide on a ${window.innerWidth} px screen`);
    const dialogs = [...document.querySelectorAll('[role="dialog"]')];
    const scope = dialogs.length ? dialogs[dialogs.length - 1] : document.body;
    const name = (el) =>
      `${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ''} "${el.textContent.trim().slice(0, 30)}"`;
    const texts = [];
    const walker = document.createTreeWalker(scope, 4 /* NodeFilter.SHOW_TEXT */);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (
        !el ||
        !node.textContent.trim() ||
        el.closest('svg, script, style, [aria-hidden="true"], .sr-only, .Toastify')
      )
        continue;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      texts.push({ node, el });
    }
    /**
     * What lies under a text at (x, y) and shows through it: a picture, or another control with
     * text, that is not one of its own boxes; none when an opaque box of its own is between them.
     */
    const overlapped = (el, x, y) => {
      const stack = document.elementsFromPoint(x, y);
      const from = stack.findIndex((e) => e === el || e.contains(el));
      for (const e of stack.slice(from + 1)) {
        if (e.contains(el)) {
          const style = getComputedStyle(e);
          const opaque =
            style.backgroundImage !== 'none' || /^rgb\(|^rgba\(.*, 1\)$/.test(style.backgroundColor);
          if (opaque && e !== document.body && e !== document.documentElement) return undefined;
          continue;
        }
        if (e.matches('img, svg, canvas, video') || (e.matches('button, a') && e.textContent.trim()))
          return e;
      }
      return undefined;
    };
    // Tabs on one row: none left alone on a second.
    for (const list of scope.querySelectorAll('[role="tablist"]')) {
      const tops = new Set([...list.children].map((tab) => Math.round(tab.getBoundingClientRect().top)));
      if (tops.size > 1) out.push(`wrapped: ${name(list)} on ${tops.size} rows`);
    }
    // A number never breaks over two lines ("1000 /" above "1000").
    for (const num of scope.querySelectorAll('.num')) {
      const lines = [];
      for (const node of [...num.querySelectorAll('*'), num].flatMap((e) => [...e.childNodes])) {
        if (node.nodeType !== Node.TEXT_NODE || !node.textContent.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) if (r.width > 0) lines.push(r);
      }
      // (A sentence with a number in it may wrap.)
      if (num.textContent.trim().length > 16) continue;
      const apart = lines.some((a) => lines.some((b) => b.top >= a.bottom - 1));
      if (apart) out.push(`wrapped: ${name(num)}`);
    }
    const seen = new Set();
    for (const { node, el } of texts) {
      const clipOk = el.closest('[data-clip-ok]');
      const mayCut = clipOk && clipOk.textContent.trim().length > 12;
      // Cut by its own box.
      const box = el.closest(':not(span, b, strong, em, i)') ?? el;
      if (!seen.has(box) && box.scrollWidth > box.clientWidth + 1 && box.clientWidth > 0 && !mayCut) {
        const style = getComputedStyle(box);
        if (style.display !== 'inline') out.push(`cut: ${name(box)} ${box.scrollWidth}>${box.clientWidth}`);
      }
      seen.add(box);
      el.scrollIntoView({ block: 'center', inline: 'nearest' });
      // A text that lets touches through is still looked at as what it shows.
      const passesTouches = getComputedStyle(el).pointerEvents === 'none';
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        if (rect.width < 2 || rect.height < 2) continue;
        // Cut by a box around it that hides what sticks out.
        if (!mayCut) {
          for (let a = el; a && a !== document.body; a = a.parentElement) {
            const style = getComputedStyle(a);
            const hides = (v) => v === 'hidden' || v === 'clip';
            if (!hides(style.overflowX) && !hides(style.overflowY)) continue;
            const r = a.getBoundingClientRect();
            const outside =
              (hides(style.overflowX) && (rect.left < r.left - 1 || rect.right > r.right + 1)) ||
              (hides(style.overflowY) && (rect.top < r.top - 2 || rect.bottom > r.bottom + 2));
            if (outside) {
              out.push(
                `cut: ${name(el)} by ${a.tagName.toLowerCase()}.${[...a.classList].slice(0, 3).join('.')}`,
              );
              break;
            }
          }
        }
        // Covered by another element: looked at where it shows, inside the boxes that clip it.
        let [left, top, right, bottom] = [rect.left, rect.top, rect.right, rect.bottom];
        for (let a = el; a && a !== document.body; a = a.parentElement) {
          const style = getComputedStyle(a);
          if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
          const r = a.getBoundingClientRect();
          [left, top, right, bottom] = [
            Math.max(left, r.left),
            Math.max(top, r.top),
            Math.min(right, r.right),
            Math.min(bottom, r.bottom),
          ];
        }
        if (right - left < 2 || bottom - top < 2) continue;
        const dx = Math.min(3, (right - left) / 4);
        const dy = (bottom - top) / 4;
        const points = [
          [(left + right) / 2, (top + bottom) / 2],
          [left + dx, top + dy],
          [right - dx, top + dy],
          [left + dx, bottom - dy],
          [right - dx, bottom - dy],
        ];
        for (const [x, y] of points) {
          if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
          const pointer = el.style.pointerEvents;
          if (passesTouches) el.style.pointerEvents = 'auto';
          // (A toast passing over the screen for three seconds hides nothing for good.)
          const hit = document.elementsFromPoint(x, y).find((e) => !e.closest('.Toastify'));
          if (passesTouches) el.style.pointerEvents = pointer;
          if (!hit) continue;
          if (hit !== el && !el.contains(hit) && !hit.contains(el)) {
            out.push(`covered: ${name(el)} by ${name(hit)} at ${Math.round(x)},${Math.round(y)}`);
            break;
          }
          // Or lying on a picture or a control that is not its own: the two overlap.
          const under = overlapped(el, x, y);
          if (under) {
            out.push(`overlaps: ${name(el)} lies on ${name(under)} at ${Math.round(x)},${Math.round(y)}`);
            break;
          }
        }
      }
    }
    window.scrollTo(0, 0);
    return [...new Set(out)];
  });
