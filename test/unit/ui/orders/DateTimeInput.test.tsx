import { act, fireEvent, screen } from '@testing-library/react';
import { loadDatePicker } from '../../../../src/ui/dates/loadDatePicker';
import { DateTimeInput } from '../../../../src/ui/orders/DateTimeInput';
import { createTestContainer } from '../../support/createTestContainer';
import { renderWithServices } from '../../support/renderWithServices';

/** The day buttons of the month shown (not the days of the months around it), by their number. */
function daysOfMonth(calendar: HTMLElement): Map<string, HTMLButtonElement> {
  const buttons = Array.from(calendar.querySelectorAll<HTMLButtonElement>('button[name="day"]:not(.rdp-day_outside)'));
  return new Map(buttons.map((button) => [button.textContent ?? '', button]));
}

const isDisabled = (button: HTMLButtonElement | undefined) => Boolean(button?.disabled || button?.getAttribute('aria-disabled') === 'true');

async function calendarOf(value: string): Promise<HTMLElement> {
  renderWithServices(createTestContainer(), <DateTimeInput id="begin" label="Beginn" value={value} language="de" onChange={() => undefined} />);
  const input = screen.getByLabelText('Beginn');
  fireEvent.focus(input);
  fireEvent.click(input);
  // The calendar is loaded when the field is first opened.
  await act(() => loadDatePicker());
  return (await screen.findByRole('dialog', { name: 'date picker' })) as HTMLElement;
}

describe('DateTimeInput', () => {
  it('offers only the days whose times the API takes in any time zone: from 2 January 2000', async () => {
    const days = daysOfMonth(await calendarOf('2000-01-05T09:00:00.000Z'));
    expect(isDisabled(days.get('1'))).toBe(true);
    expect(isDisabled(days.get('2'))).toBe(false);
  });

  it('… to 30 December 2100', async () => {
    const days = daysOfMonth(await calendarOf('2100-12-20T09:00:00.000Z'));
    expect(isDisabled(days.get('30'))).toBe(false);
    expect(isDisabled(days.get('31'))).toBe(true);
  });
});
