import { action, computed, makeObservable, observable, observableRef, observableStruct, runInAction } from 'mobx';
import type { Language } from '../../../shared/Language';
import type { NewOrder } from '../../../shared/NewOrder';
import type { Order } from '../../../shared/Order';
import { NEW_ORDER_FIELDS, type NewOrderField } from '../../../shared/orderFields';
import { newOrderProblems, type OrderRuleProblem } from '../../../shared/orderRules';
import type { KeptNewOrder } from '../model/KeptNewOrder';
import { isApiError } from '../model/ApiError';
import { doubleBookingOf } from '../model/DoubleBooking';
import { euroAmountText, parseEuroAmount } from '../model/euroAmount';
import { formFailure } from '../model/formFailure';
import type { Notifier } from '../ports/Notifier';
import type { OrdersApi } from '../ports/OrdersApi';
import { DoubleBookingQuestion } from './DoubleBookingQuestion';


/** The dialog's fields as typed: texts, the times as instants ('' before one is chosen), the price in the language's form. */
export type NewOrderDraft = Record<NewOrderField, string>;

/** Why the dialog closed: saved, cancelled by the operator, or by the session's end (what was typed is kept then). */
export type NewOrderClosing = 'saved' | 'cancelled' | 'session';

/** What is wrong with a field: a rule of shared/orderRules.ts, or a time not chosen yet. */
export type NewOrderProblem = Pick<OrderRuleProblem, 'rule' | 'limit'> | { rule: 'required'; limit?: undefined };

function emptyDraft(): NewOrderDraft {
  return Object.fromEntries(NEW_ORDER_FIELDS.map((field) => [field, ''])) as NewOrderDraft;
}

/** An order's fields to start a new one from (a clone): everything but its times. */
function draftFrom(order: Order, language: Language): NewOrderDraft {
  return {
    'customer.name': order.customer.name,
    'customer.email': order.customer.email,
    'customer.phone': order.customer.phone,
    'vehicle.licensePlate': order.vehicle.licensePlate,
    'vehicle.make': order.vehicle.make,
    'vehicle.model': order.vehicle.model,
    'vehicle.vin': order.vehicle.vin ?? '',
    station: order.station,
    service: order.service,
    begin: '',
    end: '',
    'price.amount': euroAmountText(order.price.amount, language),
    notes: order.notes,
  };
}

/**
 * The "New order" dialog: a new order, or one cloned from an open order (its fields, new times
 * empty). Every field is checked as it is typed by the rules the backend applies (shown once the
 * field was left or a save tried); the backend's refusals stand at their fields. A save names its
 * attempt (`Idempotency-Key`): sent again after an answer that never came, the backend answers the
 * order it made instead of making a second; the key changes only once the backend has refused
 * (nothing was made) and the operator edits.
 */
export class NewOrderStore {
  isOpen = false;
  draft: NewOrderDraft = emptyDraft();
  saving = false;
  /** Fields whose problem is shown: after leaving them or trying to save. */
  revealed: Partial<Record<NewOrderField, true>> = {};
  /** The backend's messages (400/422), by field. */
  fieldErrors: Partial<Record<NewOrderField, string>> = {};
  /** Translation key of a failure about no field, or null. */
  errorKey: string | null = null;
  /** The order cloned, or null for a new one. */
  clonedFrom: Order | null = null;
  /** The number of the order cloned (also of a clone taken up again after a session's end), or null. */
  clonedNumber: string | null = null;
  /** Why the dialog last closed; null while it is open. */
  closedBy: NewOrderClosing | null = null;
  /** A save refused as a double booking, to send again confirmed or to drop (the dialog stays as typed). */
  readonly doubleBooking = new DoubleBookingQuestion<Order | undefined>();

  private attemptKey = '';
  private refused = false;

  constructor(
    private readonly api: OrdersApi,
    private readonly notifier: Notifier,
    private readonly language: () => Language,
    private readonly newKey: () => string,
  ) {
    makeObservable(this, {
      isOpen: observable,
      draft: observableStruct,
      saving: observable,
      revealed: observableStruct,
      fieldErrors: observableStruct,
      errorKey: observable,
      clonedFrom: observableRef,
      clonedNumber: observable,
      closedBy: observable,
      order: computed,
      problems: computed,
      canSave: computed,
      open: action,
      resume: action,
      close: action,
      suspend: action,
      edit: action,
      reveal: action,
    });
  }

  /** The draft as the backend takes it (amount NaN and times '' while not valid). */
  get order(): NewOrder {
    const d = this.draft;
    return {
      customer: { name: d['customer.name'], email: d['customer.email'], phone: d['customer.phone'] },
      vehicle: {
        licensePlate: d['vehicle.licensePlate'],
        make: d['vehicle.make'],
        model: d['vehicle.model'],
        ...(d['vehicle.vin'].trim() === '' ? {} : { vin: d['vehicle.vin'].trim().toUpperCase() }),
      },
      station: d.station,
      service: d.service,
      begin: d.begin,
      end: d.end,
      price: { amount: parseEuroAmount(d['price.amount'], this.language()), currency: 'EUR' },
      notes: d.notes,
    };
  }

  /** The problems of the draft by the backend's rules, by field (the first of each). */
  get problems(): Partial<Record<NewOrderField, NewOrderProblem>> {
    const order = this.order;
    const problems: Partial<Record<NewOrderField, NewOrderProblem>> = {};
    if (order.begin === '') problems.begin = { rule: 'required' };
    if (order.end === '') problems.end = { rule: 'required' };
    for (const { field, rule, limit } of newOrderProblems(order, Date.parse(order.begin), Date.parse(order.end))) {
      problems[field] ??= { rule, limit };
    }
    return problems;
  }

  get canSave(): boolean {
    return !this.saving && Object.keys(this.problems).length === 0;
  }

  /** Opens the dialog empty, or with the fields of `order` and no times (a clone). */
  open(order?: Order): void {
    this.begin(order ? draftFrom(order, this.language()) : emptyDraft(), order?.number ?? null);
    this.clonedFrom = order ?? null;
  }

  /** Opens the dialog with a new order kept when a session ended (`UnsavedNewOrderStore`). */
  resume(kept: KeptNewOrder): void {
    this.begin({ ...emptyDraft(), ...kept.fields }, kept.clonedFrom);
    this.clonedFrom = null;
  }

  /** The operator closes the dialog: what was typed is gone. */
  close(): void {
    this.doubleBooking.cancel();
    this.isOpen = false;
    this.closedBy = 'cancelled';
  }

  /** The session ended: the dialog closes, and what was typed stays kept for its user. */
  suspend(): void {
    if (!this.isOpen) return;
    this.doubleBooking.cancel();
    this.isOpen = false;
    this.closedBy = 'session';
  }

  private begin(draft: NewOrderDraft, clonedNumber: string | null): void {
    this.draft = draft;
    this.clonedNumber = clonedNumber;
    this.revealed = {};
    this.fieldErrors = {};
    this.errorKey = null;
    this.attemptKey = this.newKey();
    this.refused = false;
    this.closedBy = null;
    this.isOpen = true;
  }

  edit(field: NewOrderField, value: string): void {
    this.draft = { ...this.draft, [field]: value };
    const { [field]: _answered, ...others } = this.fieldErrors;
    this.fieldErrors = others;
    this.errorKey = null;
    if (this.refused) {
      // The backend made nothing for the last key: the changed order is another attempt.
      this.attemptKey = this.newKey();
      this.refused = false;
    }
  }

  reveal(field: NewOrderField): void {
    this.revealed = { ...this.revealed, [field]: true };
  }

  /**
   * Sends the order; resolves with it when made (the dialog closes), else undefined. `confirmed`
   * books the vehicle even where it is booked already (only after the operator said so).
   */
  async save(confirmed = false): Promise<Order | undefined> {
    if (this.saving) return undefined;
    if (!this.canSave) {
      runInAction(() => (this.revealed = Object.fromEntries(NEW_ORDER_FIELDS.map((field) => [field, true]))));
      return undefined;
    }
    const order = this.order;
    const sent: NewOrder = { ...order, begin: new Date(order.begin).toISOString(), end: new Date(order.end).toISOString(), ...(confirmed ? { confirmDoubleBooking: true } : {}) };
    runInAction(() => {
      this.saving = true;
      this.fieldErrors = {};
      this.errorKey = null;
    });
    try {
      const created = await this.api.create(sent, this.attemptKey);
      runInAction(() => {
        this.isOpen = false;
        this.closedBy = 'saved';
      });
      this.notifier.show({ message: 'newOrder.created', values: { number: created.number }, intent: 'success' });
      return created;
    } catch (error) {
      const other = doubleBookingOf(error);
      if (other) {
        // Nothing was made; the confirmed order is another attempt, under a key of its own.
        runInAction(() => (this.attemptKey = this.newKey()));
        this.doubleBooking.ask(other, () => this.save(true));
        return undefined;
      }
      runInAction(() => {
        const failure = formFailure<NewOrderField>(error, (field) => (NEW_ORDER_FIELDS.includes(field as NewOrderField) ? (field as NewOrderField) : undefined));
        this.fieldErrors = failure.fieldErrors;
        this.errorKey = failure.errorKey;
        this.revealed = Object.fromEntries(NEW_ORDER_FIELDS.map((field) => [field, true]));
        // A 4xx: the backend made nothing. Anything else (no answer): it may have, and the same key asks again.
        this.refused = isApiError(error) && error.status >= 400 && error.status < 500;
      });
      return undefined;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }
}
