import { ApiError } from '../../../../src/domain/model/ApiError';
import { NewOrderStore } from '../../../../src/domain/stores/NewOrderStore';
import { FakeNotifier } from '../../support/fakes';
import { FakeOrdersApi, makeOrders } from '../../support/FakeOrdersApi';

describe('NewOrderStore', () => {
  let api: FakeOrdersApi;
  let notifier: FakeNotifier;
  let store: NewOrderStore;
  let keys: number;

  beforeEach(() => {
    api = new FakeOrdersApi(makeOrders(3));
    notifier = new FakeNotifier();
    keys = 0;
    store = new NewOrderStore(api, notifier, () => 'de', () => `key-${++keys}`);
    store.open();
  });

  const fill = () => {
    store.edit('customer.name', 'Greta Lindholm');
    store.edit('customer.email', 'greta@example.de');
    store.edit('customer.phone', '+49 40 1234567');
    store.edit('vehicle.licensePlate', 'HH-GL 2031');
    store.edit('vehicle.make', 'Volkswagen');
    store.edit('vehicle.model', 'ID.4');
    store.edit('station', 'Hamburg-Altona');
    store.edit('service', 'Inspektion');
    store.edit('begin', '2031-03-04T08:00:00+01:00');
    store.edit('end', '2031-03-04T10:30:00+01:00');
    store.edit('price.amount', '1.249,90');
  };

  it('checks every field as typed by the backend\'s rules', () => {
    expect(Object.keys(store.problems)).toEqual(
      expect.arrayContaining(['customer.name', 'customer.email', 'customer.phone', 'vehicle.licensePlate', 'station', 'service', 'begin', 'end', 'price.amount']),
    );
    fill();
    expect(store.problems).toEqual({});
    store.edit('customer.email', 'greta@example');
    store.edit('vehicle.vin', 'WVWZZZ1JZ3W38675O');
    store.edit('price.amount', '12,345');
    store.edit('end', '2031-03-04T07:00:00+01:00');
    expect(store.problems).toEqual({
      'customer.email': { rule: 'email', limit: undefined },
      'vehicle.vin': { rule: 'vin', limit: undefined },
      'price.amount': { rule: 'amount', limit: 100_000_000 },
      begin: { rule: 'notAfterEnd', limit: undefined },
      end: { rule: 'notBeforeBegin', limit: undefined },
    });
  });

  it('refuses an order of more than 366 days before sending it, at begin and end', () => {
    fill();
    store.edit('end', '2032-03-04T08:00:00+01:00');
    expect(store.problems).toEqual({});
    store.edit('end', '2032-03-04T08:01:00+01:00');
    expect(store.problems).toEqual({
      begin: { rule: 'tooLongBeforeEnd', limit: 366 },
      end: { rule: 'tooLongAfterBegin', limit: 366 },
    });
    expect(store.canSave).toBe(false);
  });

  it('sends nothing while something is wrong, and shows every problem then', async () => {
    await expect(store.save()).resolves.toBeUndefined();
    expect(api.creates).toEqual([]);
    expect(store.revealed['customer.name']).toBe(true);
    expect(store.revealed.begin).toBe(true);
  });

  it('creates the order with instants and cents, closes and says so', async () => {
    fill();
    const created = await store.save();
    expect(created?.number).toBe('AN-2026-000004');
    expect(api.creates).toEqual([
      {
        key: 'key-1',
        order: expect.objectContaining({
          customer: { name: 'Greta Lindholm', email: 'greta@example.de', phone: '+49 40 1234567' },
          vehicle: { licensePlate: 'HH-GL 2031', make: 'Volkswagen', model: 'ID.4' },
          begin: '2031-03-04T07:00:00.000Z',
          end: '2031-03-04T09:30:00.000Z',
          price: { amount: 124990, currency: 'EUR' },
          notes: '',
        }),
      },
    ]);
    expect(store.isOpen).toBe(false);
    expect(notifier.toasts.at(-1)).toMatchObject({ message: 'newOrder.created', values: { number: 'AN-2026-000004' }, intent: 'success' });
  });

  it('asks again with the same key after an answer that never came, and with a new one only after a refusal and an edit', async () => {
    fill();
    api.failNext = new ApiError(0);
    await store.save();
    await store.save();
    expect(api.creates.map((create) => create.key)).toEqual(['key-1', 'key-1']);

    store.open();
    fill();
    api.failNext = new ApiError(422, { type: 'urn:order-cockpit:problem:invalid-value', title: 'x', status: 422, errors: [{ field: 'station', message: 'darf nicht leer sein' }] });
    await store.save();
    expect(store.fieldErrors).toEqual({ station: 'darf nicht leer sein' });
    store.edit('station', 'Harburg');
    expect(store.fieldErrors).toEqual({});
    await store.save();
    expect(api.creates.map((create) => create.key)).toEqual(['key-1', 'key-1', 'key-2', 'key-3']);
  });

  it('clones an order: its fields, the price in the language, no times', () => {
    const [order] = makeOrders(1);
    store.open({ ...order!, vehicle: { ...order!.vehicle, vin: 'WVWZZZ1JZ3W386752' }, notes: 'Rückruf' });
    expect(store.clonedFrom?.id).toBe('o-1');
    expect(store.draft).toMatchObject({
      'customer.name': 'Kunde 1',
      'vehicle.vin': 'WVWZZZ1JZ3W386752',
      'price.amount': '100,00',
      station: 'Kiel',
      notes: 'Rückruf',
      begin: '',
      end: '',
    });
    expect(Object.keys(store.problems)).toEqual(expect.arrayContaining(['begin', 'end']));
  });
});
