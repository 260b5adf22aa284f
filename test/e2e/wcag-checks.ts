import type { Page } from 'playwright-core';

/**
 * Checks of WCAG criteria that axe-core does not make (docs/accessibility.md names the test beside each
 * criterion). Each runs in the page and returns what fails, so a test can print the offending elements.
 */

/** The style WCAG 1.4.12 names: line height 1.5, paragraphs 2 em apart, letters 0.12 em, words 0.16 em. */
export const TEXT_SPACING_CSS = `
  * { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
  p { margin-bottom: 2em !important; }
`;

/**
 * Adds a style sheet the way a reader's own style sheet or bookmarklet would. A constructed sheet, because the
 * page's nonce CSP (rightly) refuses an inline <style> from anyone else.
 */
export function addUserStyle(page: Page, css: string): Promise<void> {
  return page.evaluate((text) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }, css);
}

/** Visible elements whose own text is cut off: the box clips (overflow not visible) and its content is larger. */
export function clippedText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const describe = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].join('.')}`;
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      const rect = el.getBoundingClientRect();
      // Text for screen readers only is 1 px on purpose.
      if (rect.width <= 2 || rect.height <= 2) continue;
      if (!(el.innerText ?? '').trim()) continue;
      if (['select', 'option', 'textarea', 'input'].includes(el.tagName.toLowerCase())) continue;
      const clipsX = ['hidden', 'clip'].includes(style.overflowX);
      const clipsY = ['hidden', 'clip'].includes(style.overflowY);
      if ((clipsX && el.scrollWidth > el.clientWidth + 2) || (clipsY && el.scrollHeight > el.clientHeight + 2)) out.push(describe(el));
    }
    return out;
  });
}

/** How many CSS pixels the page scrolls sideways (0 when it reflows). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * WCAG 2.5.8: every target is at least 24 × 24 CSS px, or a 24 px circle on its centre touches no other target.
 * Links inside a sentence are exempt (the criterion's "inline" exception). A control drawn by its label (the input
 * itself visually hidden) is measured by the label.
 */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="tab"], [tabindex="0"]';
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('name') ? `[name=${el.getAttribute('name')}]` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    const inline = (el: Element) => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
      const parentText = (el.parentElement?.textContent ?? '').trim();
      return parentText.length > (el.textContent ?? '').trim().length;
    };
    const targets: Array<{ el: Element; rect: DOMRect }> = [];
    for (const el of Array.from(document.querySelectorAll(selector))) {
      if ((el as HTMLElement).closest('[hidden], [aria-hidden="true"]')) continue;
      let rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      if ((rect.width <= 2 || rect.height <= 2 || Number(style.opacity) === 0) && el instanceof HTMLInputElement && el.labels?.[0]) {
        rect = el.labels[0].getBoundingClientRect();
      }
      if (rect.width === 0 || rect.height === 0) continue;
      targets.push({ el, rect });
    }
    const distanceToRect = (x: number, y: number, r: DOMRect) => {
      const dx = Math.max(r.left - x, 0, x - r.right);
      const dy = Math.max(r.top - y, 0, y - r.bottom);
      return Math.hypot(dx, dy);
    };
    const out: string[] = [];
    for (const { el, rect } of targets) {
      if (rect.width >= 24 - 0.5 && rect.height >= 24 - 0.5) continue;
      if (inline(el)) continue;
      const cx = rect.left + rect.width / 2;
      const cy = rect.top + rect.height / 2;
      const crowded = targets.some(
        (other) =>
          other.el !== el &&
          !other.el.contains(el) &&
          !el.contains(other.el) &&
          !(el instanceof HTMLInputElement && Array.from(el.labels ?? []).some((label) => label.contains(other.el))) &&
          distanceToRect(cx, cy, other.rect) < 12,
      );
      if (crowded) out.push(`${describe(el)} ${Math.round(rect.width)}×${Math.round(rect.height)}`);
    }
    return out;
  });
}

/** One step of Tab: what got focus, whether anything shows it, and whether it is entirely covered (2.4.7, 2.4.11). */
export interface FocusStop {
  what: string;
  visibleIndicator: boolean;
  entirelyHidden: boolean;
}

/** Presses Tab from the top until focus reaches the footer (or `limit` stops) and checks each stop. */
export async function tabStops(page: Page, limit = 80): Promise<FocusStop[]> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const stops: FocusStop[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    // Styles settle after the focus events' re-render (a field's blur can show its error first).
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const stop = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1;
      const shadow = style.boxShadow !== 'none';
      // A control drawn by its label shows focus on the label (`:focus-visible + label`).
      const label = el instanceof HTMLInputElement ? el.labels?.[0] : undefined;
      const labelStyle = label ? getComputedStyle(label) : undefined;
      const labelShows = Boolean(
        labelStyle && ((labelStyle.outlineStyle !== 'none' && parseFloat(labelStyle.outlineWidth) >= 1) || labelStyle.boxShadow !== 'none'),
      );
      // Focus on a date field's own calendar button (a Tab stop inside the field): the browser draws that ring.
      const browsersOwn = el instanceof HTMLInputElement && el.type === 'date' && !el.matches(':focus-visible');
      const rect = (label && (el.getBoundingClientRect().width <= 2 || Number(style.opacity) === 0) ? label : el).getBoundingClientRect();
      const points = [
        [rect.left + rect.width / 2, rect.top + rect.height / 2],
        [rect.left + 2, rect.top + 2],
        [rect.right - 2, rect.top + 2],
        [rect.left + 2, rect.bottom - 2],
        [rect.right - 2, rect.bottom - 2],
      ];
      const hidden = points.every(([x, y]) => {
        const hit = document.elementFromPoint(x!, y!);
        return !hit || !(el.contains(hit) || hit.contains(el) || (label && (label.contains(hit) || hit === label)));
      });
      return {
        what: `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`,
        visibleIndicator: outline || shadow || labelShows || browsersOwn,
        entirelyHidden: hidden,
        inFooter: Boolean(el.closest('footer')),
      };
    });
    if (!stop) continue;
    stops.push({ what: stop.what, visibleIndicator: stop.visibleIndicator, entirelyHidden: stop.entirelyHidden });
    if (stop.inFooter) break;
  }
  return stops;
}

/**
 * WCAG 1.4.11: the border of each text box and select against what is behind it, at least 3:1 (native radio
 * buttons and check boxes the page does not restyle are the browser's, and exempt).
 */
export function faintControlBorders(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const parse = (c: string) => {
      const m = c.match(/rgba?\(([^)]+)\)/);
      if (!m) return null;
      const [r, g, b, a = '1'] = m[1]!.split(/[ ,/]+/).filter(Boolean);
      return { r: Number(r), g: Number(g), b: Number(b), a: Number(a) };
    };
    const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
      const ch = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b);
    };
    const background = (el: Element | null): { r: number; g: number; b: number } => {
      for (let e = el; e; e = e.parentElement) {
        const c = parse(getComputedStyle(e).backgroundColor);
        if (c && c.a > 0.9) return c;
      }
      return { r: 255, g: 255, b: 255 };
    };
    const out: string[] = [];
    for (const el of Array.from(
      document.querySelectorAll('input[type="text"], input[type="email"], input[type="password"], input:not([type]), select, textarea'),
    )) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0) continue;
      const style = getComputedStyle(el);
      if (parseFloat(style.borderBottomWidth) === 0) continue;
      const border = parse(style.borderBottomColor);
      if (!border) continue;
      const [l1, l2] = [luminance(border), luminance(background(el.parentElement))].sort((a, b) => b - a);
      const ratio = (l1! + 0.05) / (l2! + 0.05);
      if (ratio < 3) out.push(`${el.tagName.toLowerCase()}#${el.id} ${ratio.toFixed(2)}:1`);
    }
    return out;
  });
}
