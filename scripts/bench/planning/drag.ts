// Dragging a bar on the board, CPU throttled: the board opened and every page read, then a bar of the
// densest row on screen pressed with the mouse and moved in small steps, one step per animation frame,
// across the row and back to where it started (so that letting go saves nothing), and let go, several
// times. Every frame's length is taken in the page, from one `requestAnimationFrame` to the next: the time between
// two pictures the operator sees; beside it the long tasks the browser reports meanwhile.
import type { BrowserContext, Page } from 'playwright-core';
import { throttleCpu } from '../shared/chromium';

/** Pixels the pointer moves per frame, and frames each way. */
const STEP_PX = 4;
const STEPS_EACH_WAY = 120;

export interface DragSample {
  station: string;
  /** The bars of the row dragged in. */
  rowBars: number;
  /** Every frame's length while dragging, in ms. */
  frames: number[];
  /** Frames over 50 ms: `length@step` (the move they followed, or `up`). */
  long: string[];
  longTasks: number[];
}

interface Recorder {
  frames: number[];
  longTasks: number[];
  recording: boolean;
  /** What the frames follow now, and the frames over 50 ms with what they followed. */
  step: string;
  long: string[];
}

/** Waits for the next animation frame; `step` names what the frames from now on follow (a move's number, `up`). */
async function nextFrame(page: Page, step?: string): Promise<void> {
  await page.evaluate(
    (name) =>
      new Promise<void>((resolve) => {
        if (name !== undefined) (window as unknown as { __drag: Recorder }).__drag.step = name;
        requestAnimationFrame(() => resolve());
      }),
    step,
  );
}

/** Starts the frame and long-task recorders in `page` (not recording yet). */
async function installRecorder(page: Page): Promise<void> {
  await page.evaluate(() => {
    const recorder: Recorder = { frames: [], longTasks: [], recording: false, step: '', long: [] };
    (window as unknown as { __drag: Recorder }).__drag = recorder;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (recorder.recording) recorder.longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: false });
    let last = performance.now();
    const frame = (now: number) => {
      if (recorder.recording) recorder.frames.push(now - last);
      if (recorder.recording && now - last > 50) recorder.long.push(`${(now - last).toFixed(0)}@${recorder.step}`);
      last = now;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/** The bar to drag: in the row on screen with the most bars, one wide enough to hold, whole on screen, in the left half of the row. */
async function pickBar(page: Page): Promise<{ station: string; rowBars: number; x: number; y: number; room: number }> {
  const picked = await page.evaluate(() => {
    const rows = [...document.querySelectorAll<HTMLElement>('.cockpit-planning-board [role="row"][data-station]')].filter((row) => {
      const box = row.getBoundingClientRect();
      return box.bottom > 0 && box.top < window.innerHeight;
    });
    rows.sort((a, b) => b.querySelectorAll('[data-order-id]').length - a.querySelectorAll('[data-order-id]').length);
    const row = rows[0];
    const track = row?.querySelector('[role="gridcell"]')?.getBoundingClientRect();
    if (!row || !track) return null;
    const bar = [...row.querySelectorAll<HTMLElement>('[data-order-id]')].find((candidate) => {
      const box = candidate.getBoundingClientRect();
      return box.width >= 30 && box.top >= 60 && box.bottom <= window.innerHeight - 10 && box.left >= track.left && box.right < track.left + track.width / 2;
    });
    const box = bar?.getBoundingClientRect();
    if (!box) return null;
    return { station: row.dataset.station ?? '', rowBars: row.querySelectorAll('[data-order-id]').length, x: box.left + box.width / 2, y: box.top + box.height / 2, room: track.right - box.right };
  });
  if (!picked) throw new Error('/planning: no bar to drag on screen');
  return picked;
}

/** Opens the board in a new page of `context`, CPU throttled, and drags a bar `drags` times. */
export async function dragBars(context: BrowserContext, drags: number): Promise<DragSample[]> {
  const page = await context.newPage();
  try {
    await throttleCpu(context, page);
    await page.goto('/planning');
    await page.waitForFunction(() => document.querySelector('.cockpit-planning-board')?.getAttribute('aria-busy') === 'false', undefined, { timeout: 300_000, polling: 500 });
    await page.waitForTimeout(1000);
    await installRecorder(page);
    const samples: DragSample[] = [];
    for (let drag = 0; drag < drags; drag++) {
      const { station, rowBars, x, y, room } = await pickBar(page);
      const step = Math.min(STEP_PX, Math.max(1, Math.floor(room / STEPS_EACH_WAY)));
      await page.mouse.move(x, y);
      await nextFrame(page);
      await page.mouse.down();
      await page.evaluate(() => Object.assign((window as unknown as { __drag: Recorder }).__drag, { recording: true, step: 'down' }));
      for (let move = 1; move <= 2 * STEPS_EACH_WAY; move++) {
        const offset = move <= STEPS_EACH_WAY ? move : 2 * STEPS_EACH_WAY - move;
        await page.mouse.move(x + offset * step, y);
        await nextFrame(page, String(move));
      }
      // Letting go (back where it started: nothing to save) is part of the drag: its frames count.
      await nextFrame(page, 'up');
      await page.mouse.up();
      for (let frame = 0; frame < 3; frame++) await nextFrame(page);
      const recorded = await page.evaluate(() => {
        const recorder = (window as unknown as { __drag: Recorder }).__drag;
        recorder.recording = false;
        const taken = { frames: recorder.frames, longTasks: recorder.longTasks, long: recorder.long };
        recorder.frames = [];
        recorder.longTasks = [];
        recorder.long = [];
        return taken;
      });
      await page.waitForTimeout(500);
      samples.push({ station, rowBars, ...recorded });
    }
    return samples;
  } finally {
    await page.close();
  }
}
