import type { UnsavedEdit } from '../../../../src/domain/model/UnsavedEdit';
import { KEPT_EDITS_PER_USER, LocalStorageUnsavedEdits, UNSAVED_EDITS_KEY } from '../../../../src/infrastructure/persistence/LocalStorageUnsavedEdits';

const edit = (orderId: string, keptAt: number, notes = `notes of ${orderId}`): UnsavedEdit => ({
  orderId,
  orderNumber: `AN-${orderId}`,
  baseVersion: 3,
  fields: { notes },
  keptAt,
});

describe('LocalStorageUnsavedEdits', () => {
  let kept: LocalStorageUnsavedEdits;

  beforeEach(() => {
    localStorage.clear();
    kept = new LocalStorageUnsavedEdits(localStorage);
  });

  it('keeps one edit per order and user, newest first, read only under that user’s id', () => {
    kept.keep('u-1', edit('o-1', 1));
    kept.keep('u-1', edit('o-2', 2));
    kept.keep('u-1', edit('o-1', 3, 'changed again'));
    kept.keep('u-2', edit('o-9', 4));

    expect(kept.read('u-1')).toEqual([edit('o-1', 3, 'changed again'), edit('o-2', 2)]);
    expect(kept.read('u-2')).toEqual([edit('o-9', 4)]);
    expect(kept.read('u-3')).toEqual([]);
  });

  it('deletes every other user’s edits, and the key when nothing is left', () => {
    kept.keep('u-1', edit('o-1', 1));
    kept.keep('u-2', edit('o-2', 2));

    kept.forgetOthers('u-1');
    expect(kept.read('u-2')).toEqual([]);
    expect(kept.read('u-1')).toEqual([edit('o-1', 1)]);

    kept.forgetOthers('u-3');
    expect(localStorage.getItem(UNSAVED_EDITS_KEY)).toBeNull();
  });

  it('removes one order’s edit, or all of a user’s', () => {
    kept.keep('u-1', edit('o-1', 1));
    kept.keep('u-1', edit('o-2', 2));
    kept.keep('u-2', edit('o-3', 3));

    kept.remove('u-1', 'o-1');
    expect(kept.read('u-1')).toEqual([edit('o-2', 2)]);
    kept.forget('u-1');
    expect(kept.read('u-1')).toEqual([]);
    expect(kept.read('u-2')).toEqual([edit('o-3', 3)]);
  });

  it('keeps at most a bounded number of orders per user, dropping the one kept longest ago', () => {
    for (let i = 0; i <= KEPT_EDITS_PER_USER; i++) {
      kept.keep('u-1', edit(`o-${i}`, i));
    }
    const orders = kept.read('u-1').map((kept) => kept.orderId);
    expect(orders).toHaveLength(KEPT_EDITS_PER_USER);
    expect(orders).not.toContain('o-0');
  });

  it('reads unreadable or foreign content as nothing, and only the editable text fields of an edit', () => {
    localStorage.setItem(UNSAVED_EDITS_KEY, '{not json');
    expect(kept.read('u-1')).toEqual([]);

    localStorage.setItem(
      UNSAVED_EDITS_KEY,
      JSON.stringify({
        'u-1': [
          { ...edit('o-1', 1), fields: { notes: 'ok', status: 'cancelled', price: 1, station: 7 } },
          { orderId: 'o-2', fields: { notes: 'no version' } },
          { ...edit('o-3', 3), fields: {} },
        ],
        'u-2': 'nonsense',
      }),
    );
    expect(kept.read('u-1')).toEqual([{ ...edit('o-1', 1), fields: { notes: 'ok' } }]);
    expect(kept.read('u-2')).toEqual([]);
  });

  it('loses only what it would keep when the storage refuses to write', () => {
    const refusing = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); }, removeItem: () => undefined } as unknown as Storage;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(() => new LocalStorageUnsavedEdits(refusing).keep('u-1', edit('o-1', 1))).not.toThrow();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
