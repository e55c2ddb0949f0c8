import { act, fireEvent, screen } from '@testing-library/react';
import { FIRST_DAY, LAST_DAY } from '../../../../src/domain/model/DayRange';
import { loadDatePicker } from '../../../../src/ui/dates/loadDatePicker';
import { OrdersFilterStore } from '../../../../src/domain/stores/OrdersFilterStore';
import { PreferencesStore } from '../../../../src/domain/stores/PreferencesStore';
import { DateRangeFilter } from '../../../../src/ui/orders/DateRangeFilter';
import { createTestContainer, type TestBed } from '../../support/createTestContainer';
import { renderWithServices } from '../../support/renderWithServices';

/** The form group (label, field, helper text) of the field labelled `label`. */
const groupOf = (label: string) => screen.getByLabelText(label).closest('.bp6-form-group') as HTMLElement;

const helperText = (label: string) => groupOf(label).querySelector('.bp6-form-helper-text')?.textContent ?? null;

/** Types `text` into the field and leaves it (Tab, a click elsewhere), as an operator would. */
function typeAndLeave(label: string, text: string) {
  const input = screen.getByLabelText(label);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
}

/** Opens the calendar of the field labelled `label` and returns it. */
async function openCalendar(label: string): Promise<HTMLElement> {
  const input = screen.getByLabelText(label);
  fireEvent.focus(input);
  fireEvent.click(input);
  // The calendar is loaded when the field is first opened.
  await act(() => loadDatePicker());
  return (await screen.findByRole('dialog', { name: 'date picker' })) as HTMLElement;
}

const years = (calendar: HTMLElement) => Array.from(calendar.querySelectorAll('select[name="years"] option')).map((option) => option.textContent);

/** The day buttons of the month shown (not the days of the months around it), by their number. */
function daysOfMonth(calendar: HTMLElement): Map<string, HTMLButtonElement> {
  const buttons = Array.from(calendar.querySelectorAll<HTMLButtonElement>('button[name="day"]:not(.rdp-day_outside)'));
  return new Map(buttons.map((button) => [button.textContent ?? '', button]));
}

const isDisabled = (button: HTMLButtonElement | undefined) => Boolean(button?.disabled || button?.getAttribute('aria-disabled') === 'true');

describe('DateRangeFilter', () => {
  let bed: TestBed;
  let filter: OrdersFilterStore;

  // The fields as they are once their calendar has loaded (before that: test/unit/ui/dates).
  beforeAll(() => loadDatePicker());

  beforeEach(() => {
    localStorage.clear();
    bed = createTestContainer();
    filter = bed.container.get(OrdersFilterStore);
  });

  it('refuses a typed end 400 days after the begin, says why under the field, and applies nothing', () => {
    const view = renderWithServices(bed, <DateRangeFilter />, '/orders');
    expect(filter.range).toEqual({ begin: '2026-11-16', end: '2026-11-22' });
    // 16.11.2026 to 20.12.2027: 400 days with both ends.
    typeAndLeave('Bis', '20.12.2027');
    expect(filter.range).toEqual({ begin: '2026-11-16', end: '2026-11-22' });
    expect(helperText('Bis')).toBe('Der Zeitraum darf höchstens 366 Tage umfassen.');
    expect(screen.getByLabelText('Bis').getAttribute('aria-invalid')).toBe('true');
    expect(helperText('Von')).toBeNull();
    view.lifecycle.dispose();
  });

  it('refuses a too long range confirmed with Enter as well', () => {
    const view = renderWithServices(bed, <DateRangeFilter />, '/orders');
    const end = screen.getByLabelText('Bis');
    fireEvent.focus(end);
    fireEvent.change(end, { target: { value: '20.12.2027' } });
    fireEvent.keyDown(end, { key: 'Enter' });
    expect(filter.range).toEqual({ begin: '2026-11-16', end: '2026-11-22' });
    expect(helperText('Bis')).toBe('Der Zeitraum darf höchstens 366 Tage umfassen.');
    view.lifecycle.dispose();
  });

  it('refuses a day in 1999 with the supported days in the language, and says it again in English', async () => {
    const view = renderWithServices(bed, <DateRangeFilter />, '/orders');
    typeAndLeave('Von', '15.06.1999');
    expect(filter.range).toEqual({ begin: '2026-11-16', end: '2026-11-22' });
    expect(helperText('Von')).toBe('Bitte einen Tag vom 02.01.2000 bis zum 30.12.2100 wählen.');
    await act(() => bed.container.get(PreferencesStore).changeLanguage('en'));
    expect(helperText('From')).toBe('Choose a day from 02/01/2000 to 30/12/2100.');
    view.lifecycle.dispose();
  });

  it('takes a day that keeps the range supported and clears the message; a preset clears it too', () => {
    const view = renderWithServices(bed, <DateRangeFilter />, '/orders');
    typeAndLeave('Bis', '20.12.2027');
    typeAndLeave('Bis', '15.11.2027');
    expect(filter.range).toEqual({ begin: '2026-11-16', end: '2027-11-15' });
    expect(helperText('Bis')).toBeNull();
    typeAndLeave('Von', '01.01.1999');
    expect(helperText('Von')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Diese Woche' }));
    expect(filter.range).toEqual({ begin: '2026-11-16', end: '2026-11-22' });
    expect(helperText('Von')).toBeNull();
    view.lifecycle.dispose();
  });

  it('offers in each calendar only the days its end may move to', async () => {
    const view = renderWithServices(bed, <DateRangeFilter />, '/orders');
    // The end of 16.11.–22.11.2026 may go up to 15.11.2027 (366 days); the begin back to 22.11.2025.
    let calendar = await openCalendar('Bis');
    expect(years(calendar)).toEqual(['2026', '2027']);
    fireEvent.keyDown(screen.getByLabelText('Bis'), { key: 'Escape' });

    act(() => void filter.setRange({ begin: FIRST_DAY, end: '2000-01-09' }));
    calendar = await openCalendar('Von');
    expect(years(calendar)).toEqual(['2000']);
    let days = daysOfMonth(calendar);
    expect(isDisabled(days.get('1'))).toBe(true);
    expect(isDisabled(days.get('2'))).toBe(false);
    expect(isDisabled(days.get('10'))).toBe(true);
    fireEvent.keyDown(screen.getByLabelText('Von'), { key: 'Escape' });

    act(() => void filter.setRange({ begin: '2100-12-24', end: LAST_DAY }));
    calendar = await openCalendar('Bis');
    expect(years(calendar)).toEqual(['2100']);
    days = daysOfMonth(calendar);
    expect(isDisabled(days.get('23'))).toBe(true);
    expect(isDisabled(days.get('30'))).toBe(false);
    expect(isDisabled(days.get('31'))).toBe(true);
    view.lifecycle.dispose();
  });
});
