import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import type { DatePickerModule } from '../../../../src/ui/dates/loadDatePicker';
import { loadDatePicker, loadedDatePicker } from '../../../../src/ui/dates/loadDatePicker';
import { DayInput } from '../../../../src/ui/orders/DayInput';
import { createTestContainer } from '../../support/createTestContainer';
import { renderWithServices } from '../../support/renderWithServices';

jest.mock('../../../../src/ui/dates/loadDatePicker', () => ({ loadDatePicker: jest.fn(), loadedDatePicker: jest.fn() }));

const load = jest.mocked(loadDatePicker);
const loaded = jest.mocked(loadedDatePicker);

/** The date picker chunk held back until the test lets it arrive. */
function heldBackPicker() {
  let arrive!: () => void;
  const module: DatePickerModule = jest.requireActual('../../../../src/ui/dates/DatePickerInput');
  const promise = new Promise<DatePickerModule>((resolve) => {
    arrive = () => {
      loaded.mockReturnValue(module);
      resolve(module);
    };
  });
  load.mockReturnValue(promise);
  return { arrive: () => act(async () => arrive()) };
}

/** A day field over 2026-11-16 with the days of November 2026 to choose from, recording what it is given. */
function DayField({ taken }: { taken: string[] }) {
  const [day, setDay] = useState('2026-11-16');
  return (
    <DayInput
      id="day"
      label="Tag"
      value={day}
      language="de"
      min="2026-11-01"
      max="2026-11-30"
      onChange={(next) => {
        taken.push(next);
        setDay(next);
      }}
    />
  );
}

const field = () => screen.getByLabelText('Tag') as HTMLInputElement;
const calendar = () => screen.queryByRole('dialog', { name: 'date picker' });

describe('a day field before its calendar has loaded', () => {
  beforeEach(() => {
    load.mockReset();
    loaded.mockReset().mockReturnValue(undefined);
  });

  it('loads nothing until it is opened, and then the date picker', () => {
    heldBackPicker();
    const taken: string[] = [];
    renderWithServices(createTestContainer(), <DayField taken={taken} />);
    expect(field().value).toBe('16.11.2026');
    expect(load).not.toHaveBeenCalled();
    fireEvent.focus(field());
    expect(load).toHaveBeenCalled();
  });

  it('takes a typed day, refuses text that is no day, and takes a day out of range with Enter, all before the calendar arrives', () => {
    heldBackPicker();
    const taken: string[] = [];
    renderWithServices(createTestContainer(), <DayField taken={taken} />);
    fireEvent.focus(field());
    fireEvent.change(field(), { target: { value: '20.11.2026' } });
    expect(taken).toEqual(['2026-11-20']);
    fireEvent.blur(field());
    expect(field().value).toBe('20.11.2026');

    fireEvent.focus(field());
    fireEvent.change(field(), { target: { value: '31.02.2026' } });
    fireEvent.blur(field());
    expect(taken).toEqual(['2026-11-20']);
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/TT\.MM\.JJJJ/)).toBeTruthy();
    expect(field().value).toBe('20.11.2026');

    // Out of range: not taken while typed; Enter hands it over (the caller refuses it and says why).
    fireEvent.focus(field());
    fireEvent.change(field(), { target: { value: '05.12.2026' } });
    expect(taken).toEqual(['2026-11-20']);
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(taken).toEqual(['2026-11-20', '2026-12-05']);
    expect(calendar()).toBeNull();
  });

  it('opens the calendar, focused, once it has arrived', async () => {
    const picker = heldBackPicker();
    renderWithServices(createTestContainer(), <DayField taken={[]} />);
    fireEvent.focus(field());
    fireEvent.click(field());
    expect(calendar()).toBeNull();
    await picker.arrive();
    expect(calendar()).not.toBeNull();
    expect(document.activeElement).toBe(field());
    expect(field().getAttribute('role')).toBe('combobox');
  });

  it('names the calendar\'s month and year lists in the language, not in the picker\'s English', async () => {
    const picker = heldBackPicker();
    renderWithServices(createTestContainer(), <DayField taken={[]} />);
    fireEvent.focus(field());
    fireEvent.click(field());
    await picker.arrive();
    expect(screen.getByRole('combobox', { name: 'Monat' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Jahr' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Month: ' })).toBeNull();
  });

  it("keeps the text the operator selected when the calendar takes the field's place, so typing replaces it", async () => {
    const picker = heldBackPicker();
    renderWithServices(createTestContainer(), <DayField taken={[]} />);
    fireEvent.focus(field());
    field().setSelectionRange(0, 10);
    fireEvent.select(field());
    await picker.arrive();
    expect(field().getAttribute('role')).toBe('combobox');
    expect(document.activeElement).toBe(field());
    expect([field().selectionStart, field().selectionEnd]).toEqual([0, 10]);
  });

  it('keeps text being typed when the calendar arrives, and gives way to it when the field is left', async () => {
    const picker = heldBackPicker();
    const taken: string[] = [];
    renderWithServices(createTestContainer(), <DayField taken={taken} />);
    fireEvent.focus(field());
    fireEvent.change(field(), { target: { value: '21.11.' } });
    await picker.arrive();
    expect(field().value).toBe('21.11.');
    expect(calendar()).toBeNull();
    fireEvent.change(field(), { target: { value: '21.11.2026' } });
    fireEvent.blur(field());
    expect(taken).toEqual(['2026-11-21']);
    expect(field().getAttribute('role')).toBe('combobox');
    expect(field().value).toBe('21.11.2026');
  });

  it('is the date picker at once once it has loaded', () => {
    loaded.mockReturnValue(jest.requireActual('../../../../src/ui/dates/DatePickerInput'));
    renderWithServices(createTestContainer(), <DayField taken={[]} />);
    expect(field().getAttribute('role')).toBe('combobox');
    fireEvent.focus(field());
    expect(load).not.toHaveBeenCalled();
    expect(calendar()).not.toBeNull();
  });
});
