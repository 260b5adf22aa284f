import type { Browser, BrowserContext } from 'playwright-core';

/**
 * The first interaction on a slow phone, as Chromium reports it: the CPU slowed 4× through the DevTools
 * protocol, a PerformanceObserver for Event Timing (every event handled in 16 ms or more) and Long Tasks
 * installed before the page's own scripts. The visitor loads the page, waits `thinkMs` (reading), clicks into
 * the first field and types; the figures cover the click and the following `windowMs`.
 * Used by test/e2e/first-interaction.e2e.test.ts and `npm run bench`; printed, never asserted (timings are noisy).
 */
export interface FirstInteraction {
  path: string;
  label: string;
  thinkMs: number;
  /** The longest event handled (processing plus presentation, as Event Timing measures it), in ms. */
  maxEventMs: number;
  /** Every event of 16 ms or more from the click on: type and duration. */
  events: Array<{ name: string; duration: number }>;
  /** Long tasks (over 50 ms) from the click until `windowMs` later, in ms. */
  longTasks: number[];
  /** Long tasks between the load event and the click (hydration in idle time shows here). */
  longTasksBeforeClick: number[];
  /** Long animation frames after the click, with the scripts that took the most of each (diagnosis). */
  frames: string[];
  /**
   * When the response of React's chunk (the page's modulepreload) ended, in ms from the click (negative: before it),
   * or null where the page preloads none: a tap before it arrived imports React as it streams in (diagnosis).
   */
  reactChunkMs: number | null;
  /** What the field holds at the end, and whether its island had hydrated. */
  value: string;
  hydrated: boolean;
}

declare global {
  interface Window {
    __firstInteraction?: {
      events: Array<{ name: string; start: number; duration: number }>;
      longTasks: Array<{ start: number; duration: number }>;
      frames: Array<{ start: number; duration: number; scripts: string[] }>;
    };
  }
}

// Runs in the page before any of its scripts (page.addInitScript is not subject to the page's CSP).
function installObservers() {
  const store = {
    events: [] as Array<{ name: string; start: number; duration: number }>,
    longTasks: [] as Array<{ start: number; duration: number }>,
    frames: [] as Array<{ start: number; duration: number; scripts: string[] }>,
  };
  window.__firstInteraction = store;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) store.events.push({ name: e.name, start: e.startTime, duration: e.duration });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) store.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  // Long animation frames name the scripts that ran in them: which file and entry point took the time.
  type Script = { sourceURL: string; invoker: string; duration: number };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as Array<PerformanceEntry & { scripts: Script[] }>) {
        const scripts = [...e.scripts]
          .sort((a, b) => b.duration - a.duration)
          .slice(0, 2)
          .map((x) => `${x.sourceURL.split('/').pop()} ${x.invoker.slice(0, 40)} ${Math.round(x.duration)}`);
        store.frames.push({ start: e.startTime, duration: e.duration, scripts });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // no Long Animation Frames API
  }
}

export async function measureFirstInteraction(
  browser: Browser,
  options: {
    baseUrl: string;
    path: string;
    field: string;
    island: string;
    label?: string;
    text?: string;
    thinkMs?: number;
    windowMs?: number;
    cpuSlowdown?: number;
    /** Adds a session cookie, for a logged-in visitor. */
    prepare?: (context: BrowserContext) => Promise<void>;
  },
): Promise<FirstInteraction> {
  const { baseUrl, path, field, island, text = 'Grace', thinkMs = 1000, windowMs = 3000, cpuSlowdown = 4 } = options;
  // A warm server, as a visitor meets it: the first requests compile the page's code.
  for (let i = 0; i < 3; i++) await (await fetch(baseUrl + path)).text();
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: false });
  try {
    await options.prepare?.(context);
    await context.addInitScript(installObservers);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    // Generous: a page at 4× CPU slowdown on a busy shared machine.
    await page.goto(baseUrl + path, { waitUntil: 'load', timeout: 90_000 });
    await page.waitForTimeout(thinkMs);
    // The click goes through the mouse at the field's centre: a locator's first use compiles Playwright's injected
    // script in the page (100–200 ms at 4×, seen in a trace), which counted as a long task after the click.
    const { clickAt, x, y } = await page.evaluate((selector) => {
      const element = document.querySelector(selector)!;
      element.scrollIntoView({ block: 'nearest' });
      const box = element.getBoundingClientRect();
      return { clickAt: performance.now(), x: box.left + box.width / 2, y: box.top + box.height / 2 };
    }, field);
    await page.mouse.click(x, y);
    await page.keyboard.type(text, { delay: 80 });
    await page.waitForTimeout(windowMs);
    await page
      .waitForSelector(`[data-island="${island}"][data-hydrated="true"]`, { state: 'attached', timeout: 30_000 })
      .catch(() => undefined);
    const store = await page.evaluate(() => window.__firstInteraction!);
    const reactChunkEnd = await page.evaluate(() => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="modulepreload"]');
      const entry = link ? (performance.getEntriesByName(link.href)[0] as PerformanceResourceTiming | undefined) : undefined;
      return entry ? entry.responseEnd : null;
    });
    const value = await page.locator(field).inputValue();
    const hydrated = (await page.locator(`[data-island="${island}"][data-hydrated="true"]`).count()) > 0;
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const events = store.events.filter((e) => e.start >= clickAt - 1).map((e) => ({ name: e.name, duration: Math.round(e.duration) }));
    const round = (list: Array<{ duration: number }>) => list.map((t) => Math.round(t.duration));
    return {
      path,
      label: options.label ?? path,
      thinkMs,
      maxEventMs: events.reduce((m, e) => Math.max(m, e.duration), 0),
      events,
      longTasks: round(store.longTasks.filter((t) => t.start >= clickAt - 1 && t.start <= clickAt + windowMs)),
      frames: store.frames
        .filter((f) => f.start >= clickAt - 1 && f.start <= clickAt + windowMs && f.duration > 50)
        .map((f) => `${Math.round(f.duration)} ms [${f.scripts.join('; ')}]`),
      longTasksBeforeClick: round(store.longTasks.filter((t) => t.start < clickAt - 1)),
      reactChunkMs: reactChunkEnd === null ? null : Math.round(reactChunkEnd - clickAt),
      value,
      hydrated,
    };
  } finally {
    await context.close();
  }
}

/** One line per measurement, for the test's output and the bench's. */
export function formatFirstInteraction(r: FirstInteraction): string {
  const sum = (list: number[]) => list.reduce((n, d) => n + d, 0);
  // The five longest, to say which handler took the time (one input event reports several entries).
  const longest = [...r.events].sort((a, b) => b.duration - a.duration).slice(0, 5);
  const events = longest.length ? longest.map((e) => `${e.name} ${e.duration}`).join(', ') : 'none ≥16 ms';
  return (
    `${r.label.padEnd(24)} click ${String(r.thinkMs).padStart(4)} ms after load: max event ${String(r.maxEventMs).padStart(4)} ms; ` +
    `long tasks in the next 3 s: ${r.longTasks.length} (${sum(r.longTasks)} ms${r.longTasks.length ? `: ${r.longTasks.join(', ')}` : ''}); ` +
    `before the click: ${r.longTasksBeforeClick.length} (${sum(r.longTasksBeforeClick)} ms); ` +
    `React's chunk received ${r.reactChunkMs === null ? 'with no preload' : `${Math.abs(r.reactChunkMs)} ms ${r.reactChunkMs <= 0 ? 'before' : 'after'} the click`}   [longest events: ${events}]` +
    r.frames.map((f) => `\n    long frame after the click: ${f}`).join('')
  );
}
