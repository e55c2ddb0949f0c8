import { WindowPrintDialog } from '../../../../src/infrastructure/print/WindowPrintDialog';

describe('WindowPrintDialog', () => {
  it('opens the browser\'s print dialog', () => {
    const print = jest.fn();
    new WindowPrintDialog({ print }).open();
    expect(print).toHaveBeenCalledTimes(1);
  });
});
