import type { BrowserContextOptions, Page } from 'playwright-core';
import { eventually } from '../support/eventually';
import { openLoggedIn, openOrders } from './support/session';
import { useCockpitInChromium } from './support/useCockpitInChromium';
import { useContexts } from './support/useContexts';

/** The counter's tablet (portrait) and the yard's phone, as `narrowScreens.test.ts` has them: touch, no mouse. */
const TABLET: BrowserContextOptions = { viewport: { width: 768, height: 1024 }, isMobile: true, hasTouch: true };
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

const rows = (page: Page) => page.locator('[role="row"][data-order-id]');
const row = (page: Page, id: string) => page.locator(`[role="row"][data-order-id="${id}"]`);
/** A cell of a row away from its check box, left of where the open order's drawer stands on the desk: the begin's. */
const textCell = (page: Page, id: string) => row(page, id).locator('[role="gridcell"]').nth(2);
const drawer = (page: Page) => page.locator('.cockpit-order-detail');
const openedId = (page: Page) => /^\/orders\/([0-9a-f-]+)$/.exec(new URL(page.url()).pathname)?.[1] ?? null;

/** The order open beside the list: its id in the address and its facts in the drawer. */
async function expectOpened(page: Page, id: string): Promise<void> {
  await eventually(() => openedId(page), { until: (opened) => opened === id, what: `order ${id} in the address` });
  await drawer(page).locator('.cockpit-order-facts').waitFor();
}

/** Nothing opened meanwhile: after a pause for a navigation that a click might have started, the list alone. */
async function expectNothingOpened(page: Page): Promise<void> {
  await page.waitForTimeout(400);
  expect(new URL(page.url()).pathname).toBe('/orders');
  expect(await drawer(page).count()).toBe(0);
}

/** The ids of the rows marked as selected, sorted (the rows' order in the DOM is free). */
const markedIds = async (page: Page) =>
  (await page.locator('[role="row"][data-marked="true"]').evaluateAll((marked) => marked.map((element) => element.getAttribute('data-order-id') ?? ''))).sort();
const sorted = (ids: (string | undefined)[]) => ids.map((id) => id ?? '').sort();

async function idsOf(page: Page, count: number): Promise<string[]> {
  await rows(page).nth(count - 1).waitFor();
  return Promise.all(Array.from({ length: count }, async (_, index) => (await rows(page).nth(index).getAttribute('data-order-id')) ?? ''));
}

/** The order number a row shows (its first cell, which holds the check box too). */
const numberOf = async (page: Page, id: string) => (await row(page, id).locator('[role="gridcell"]').first().textContent()) ?? '';

describe('a click or a tap on an order opens it; the check box, Ctrl, Shift and Space select', () => {
  const run = useCockpitInChromium();


  const newContext = useContexts(run);


  it('opens the order clicked beside the list, another with the next click, and one step of history each', async () => {
    const context = await newContext({ viewport: { width: 1400, height: 900 } });
    const page = await openLoggedIn(context);
    const [first = '', second = ''] = await idsOf(page, 2);

    await textCell(page, first).click();
    await expectOpened(page, first);
    // The list stays beside it: another click opens the next order in its place.
    await textCell(page, second).click();
    await expectOpened(page, second);
    expect(await row(page, second).getAttribute('aria-selected')).toBe('true');
    // A click on the order open already, or a double click, adds no step to the history.
    await textCell(page, second).click();
    await textCell(page, second).dblclick();
    await page.waitForTimeout(300);
    await page.goBack();
    await expectOpened(page, first);
    await page.goBack();
    await eventually(() => new URL(page.url()).pathname, { until: (path) => path === '/orders', what: 'the list without an order' });
    await drawer(page).waitFor({ state: 'detached' });
  }, 60_000);

  it('selects with Ctrl-click, Shift-click, the check box and Space, opening nothing, even beside an open order', async () => {
    const context = await newContext({ viewport: { width: 1400, height: 900 }, reducedMotion: 'reduce' });
    const page = await openLoggedIn(context);
    const ids = await idsOf(page, 6);
    const bar = page.getByTestId('bulk-bar');

    await textCell(page, ids[1] ?? '').click({ modifiers: ['Control'] });
    await textCell(page, ids[3] ?? '').click({ modifiers: ['Shift'] });
    await bar.getByText('3 Aufträge ausgewählt').waitFor();
    expect(await markedIds(page)).toEqual(sorted(ids.slice(1, 4)));
    await expectNothingOpened(page);

    // The check box of a row: named after its order, checked as the row is marked; again takes it out.
    const box = page.getByRole('checkbox', { name: `Auftrag ${await numberOf(page, ids[5] ?? '')} auswählen` });
    await box.click();
    await bar.getByText('4 Aufträge ausgewählt').waitFor();
    expect(await box.isChecked()).toBe(true);
    const secondBox = page.getByRole('checkbox', { name: `Auftrag ${await numberOf(page, ids[2] ?? '')} auswählen` });
    expect(await secondBox.isChecked()).toBe(true);
    await secondBox.click();
    await bar.getByText('3 Aufträge ausgewählt').waitFor();
    expect(await secondBox.isChecked()).toBe(false);
    expect(await markedIds(page)).toEqual(sorted([ids[1], ids[3], ids[5]]));
    await expectNothingOpened(page);
    // The focus stays on the grid, one Tab stop: Space selects the cursor's row (the last one clicked),
    // the arrow keys move the cursor on.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('grid');
    await page.keyboard.press('Space');
    await bar.getByText('4 Aufträge ausgewählt').waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await bar.getByText('5 Aufträge ausgewählt').waitFor();
    expect(await markedIds(page)).toEqual(sorted([ids[1], ids[2], ids[3], ids[4], ids[5]]));
    await expectNothingOpened(page);

    // Beside an open order, selecting leaves it open as it is.
    await textCell(page, ids[0] ?? '').click();
    await expectOpened(page, ids[0] ?? '');
    await textCell(page, ids[4] ?? '').click({ modifiers: ['Control'] });
    await page.getByRole('checkbox', { name: `Auftrag ${await numberOf(page, ids[5] ?? '')} auswählen` }).click();
    await bar.getByText('3 Aufträge ausgewählt').waitFor();
    await page.waitForTimeout(300);
    expect(openedId(page)).toBe(ids[0]);
    expect(await markedIds(page)).toEqual(sorted([ids[1], ids[2], ids[3]]));
  }, 60_000);

  it('opens the order tapped on a tablet, and selects with the tapped check box without opening', async () => {
    const context = await newContext(TABLET);
    const page = await openOrders(context);
    const [first = '', second = ''] = await idsOf(page, 2);

    const box = page.getByRole('checkbox', { name: `Auftrag ${await numberOf(page, second)} auswählen` });
    // A finger's target: the box around the check box is 44 px wide and as high as the row.
    const cell = await box.locator('xpath=..').boundingBox();
    expect(cell?.width).toBeGreaterThanOrEqual(44);
    expect(cell?.height).toBeGreaterThanOrEqual(44);
    await box.tap();
    await page.getByTestId('bulk-bar').getByText('1 Auftrag ausgewählt').waitFor();
    expect(await markedIds(page)).toEqual([second]);
    await expectNothingOpened(page);

    await textCell(page, first).tap();
    await expectOpened(page, first);
    // On a tablet the order takes the whole window.
    expect((await drawer(page).boundingBox())?.width).toBeCloseTo(768, 0);
  }, 60_000);

  it('opens the order of the card tapped on a phone, but not for a tap on its moves', async () => {
    const context = await newContext(PHONE);
    const page = await openOrders(context);
    const id = (await page.locator('.cockpit-order-card:has([data-move-to="confirmed"])').first().getAttribute('data-order-id')) ?? '';
    expect(id).not.toBe('');
    const card = page.locator(`.cockpit-order-card[data-order-id="${id}"]`);
    await card.locator('[data-move-to="confirmed"]').tap();
    await eventually(() => card.getByTestId('card-status').textContent(), { until: (status) => status === 'Bestätigt', what: 'the card to show its order confirmed' });
    await expectNothingOpened(page);

    // A tap on the card's customer, not on its number's button.
    await card.locator('.cockpit-order-card-line').first().tap();
    await expectOpened(page, id);
    expect((await drawer(page).boundingBox())?.width).toBeCloseTo(390, 0);
  }, 60_000);
});
