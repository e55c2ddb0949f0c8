import { editSpanProblems } from '../model/editSpanProblems';
import { action, computed, makeObservable, observable, observableRef, observableStruct, runInAction } from 'mobx';
import { isApiError } from '../model/ApiError';
import type { Order } from '../../../shared/Order';
import type { OrderEvent } from '../model/OrderEvent';
import type { OrderPatch } from '../../../shared/OrderPatch';
import { changedFields, type EditableOrderField } from '../model/changedFields';
import type { EditedFields } from '../model/UnsavedEdit';
import { nextStatuses, type OrderStatus } from '../../../shared/OrderStatus';
import type { Notifier } from '../ports/Notifier';
import type { OrdersApi } from '../ports/OrdersApi';
import { draftOf, draftWithEdits, type OrderDraft } from './orderDraft';
import { type OrderConflict, OrderSaving } from './OrderSaving';
import type { OrdersListStore } from './OrdersListStore';

export type DetailState = 'idle' | 'loading' | 'ready' | 'not-found' | 'error';

/**
 * One order opened beside the list: its fields, the allowed next statuses and the edits. Every
 * save names the version the operator saw (`If-Match`); a newer version on the server is shown as
 * a conflict, never overwritten. A save cannot be sent twice while it runs.
 */
export class OrderDetailStore {
  order: Order | null = null;
  draft: OrderDraft | null = null;
  state: DetailState = 'idle';
  errorKey: string | null = null;
  /** Someone else changed the open order (live stream): the order as it is now (without edits, already shown). */
  changedElsewhere: Order | null = null;
  /** Someone else deleted the open order. */
  deletedElsewhere = false;

  private openedId: string | null = null;
  /** The saves, their field errors, conflicts and double bookings asked about. */
  private readonly saves: OrderSaving;

  constructor(
    private readonly api: OrdersApi,
    private readonly list: OrdersListStore,
    notifier: Notifier,
  ) {
    this.saves = new OrderSaving(api, notifier);
    makeObservable(this, {
      order: observableRef,
      draft: observableStruct,
      state: observable,
      errorKey: observable,
      changedElsewhere: observableRef,
      deletedElsewhere: observable,
      change: computed,
      dirty: computed,
      allowedStatuses: computed,
      spanProblems: computed,
      edit: action,
      close: action,
      discardChanges: action,
      takeTheirs: action,
      reapplyMine: action,
      applyKeptEdit: action,
      applyEvents: action,
      acknowledgeChange: action,
    });
  }

  /** A save is under way. */
  get saving(): boolean {
    return this.saves.saving;
  }

  /** Field errors of the last refused save (422), by field. */
  get fieldErrors(): Record<string, string> {
    return this.saves.fieldErrors;
  }

  get conflict(): OrderConflict | null {
    return this.saves.conflict;
  }

  /** A save refused as a double booking: whether to save anyway. */
  get doubleBooking(): OrderSaving['doubleBooking'] {
    return this.saves.doubleBooking;
  }

  get change(): OrderPatch {
    return this.order && this.draft ? changedFields(this.order, this.draft) : {};
  }

  get dirty(): boolean {
    return Object.keys(this.change).length > 0;
  }

  /** What the rule of an order's length finds wrong with the edited begin and end (nothing is sent while it does). */
  get spanProblems(): ReturnType<typeof editSpanProblems> {
    return this.order && this.draft ? editSpanProblems(this.order, this.draft) : {};
  }

  get allowedStatuses(): readonly OrderStatus[] {
    return this.order ? nextStatuses(this.order.status) : [];
  }

  /**
   * Opens order `id`. An order the list holds is shown at once, as the list shows it (kept current
   * by the live stream), and read again behind it: a newer version there is taken as a live change
   * (`receive`), a deleted order is told. Any other order is read first.
   */
  async open(id: string): Promise<void> {
    if (this.openedId === id && this.state !== 'error') {
      return;
    }
    this.openedId = id;
    const held = this.list.heldOrder(id);
    runInAction(() => {
      this.state = held ? 'ready' : 'loading';
      this.order = held;
      this.draft = held ? draftOf(held) : null;
      this.saves.clear();
      this.changedElsewhere = null;
      this.deletedElsewhere = false;
      this.errorKey = null;
    });
    if (held) {
      await this.recheck(id);
      return;
    }
    try {
      const order = await this.api.get(id);
      if (this.openedId !== id) {
        return;
      }
      runInAction(() => {
        this.order = order;
        this.draft = draftOf(order);
        this.state = 'ready';
      });
    } catch (error) {
      if (this.openedId !== id) {
        return;
      }
      runInAction(() => {
        this.state = isApiError(error) && error.kind === 'not-found' ? 'not-found' : 'error';
        this.errorKey = isApiError(error) ? error.messageKey : 'errors.unexpected';
      });
    }
  }

  close(): void {
    this.openedId = null;
    this.order = null;
    this.draft = null;
    this.state = 'idle';
    this.saves.clear();
    this.changedElsewhere = null;
    this.deletedElsewhere = false;
  }

  /**
   * Live changes of the open order. A newer version replaces what is shown when the operator has
   * no unsaved edits; with edits, the edits stay and the new values are shown beside them
   * (`changedElsewhere`), to take or to reapply the edits on. Either way the operator is told.
   */
  applyEvents(events: readonly OrderEvent[]): void {
    for (const event of events) {
      const current = this.order;
      if (!current || event.type === 'order.created') {
        continue;
      }
      if (event.type === 'reset') {
        void this.recheck(current.id);
      } else if (event.type === 'order.deleted') {
        if (event.id === current.id) {
          this.deletedElsewhere = true;
        }
      } else {
        this.receive(event.order);
      }
    }
  }

  /**
   * The stream cannot tell what changed (a `reset`, also on its first connection): the open order is
   * read again and treated like a live change when it is newer, or as deleted when it is gone.
   */
  private async recheck(id: string): Promise<void> {
    try {
      const theirs = await this.api.get(id);
      runInAction(() => this.receive(theirs));
    } catch (error) {
      if (isApiError(error) && error.kind === 'not-found' && this.order?.id === id) {
        runInAction(() => (this.deletedElsewhere = true));
      }
      // Any other failure leaves the view as it is; the next save still names its version.
    }
  }

  private receive(theirs: Order): void {
    const current = this.order;
    if (!current || theirs.id !== current.id || theirs.version <= current.version || this.saving) {
      return;
    }
    if (this.dirty) {
      this.changedElsewhere = theirs;
    } else {
      this.order = theirs;
      this.draft = draftOf(theirs);
      this.changedElsewhere = theirs;
    }
  }

  /** The operator saw the notice of someone else's change; with edits, they go on top of the new values. */
  acknowledgeChange(): void {
    const theirs = this.changedElsewhere;
    if (!theirs) {
      return;
    }
    if (this.order && this.order.version < theirs.version) {
      const edits = this.change;
      this.order = theirs;
      this.draft = draftWithEdits(theirs, edits);
    }
    this.changedElsewhere = null;
  }

  edit(field: EditableOrderField, value: string): void {
    if (this.draft) {
      this.draft = { ...this.draft, [field]: value };
      this.saves.clearFieldError(field);
    }
  }

  /**
   * Puts edits kept from an earlier session, made on `baseVersion`, over the open order. When the
   * order has changed since, they are a conflict with it: the operator sees both sides and takes
   * theirs or reapplies the edits; nothing is overwritten unseen.
   */
  applyKeptEdit(fields: EditedFields, baseVersion: number): void {
    if (!this.order) {
      return;
    }
    this.draft = draftWithEdits(this.order, fields);
    this.saves.fieldErrors = {};
    this.saves.conflict = this.order.version === baseVersion ? null : { theirs: this.order, yours: { ...fields } };
  }

  discardChanges(): void {
    if (this.order) {
      this.draft = draftOf(this.order);
      this.saves.fieldErrors = {};
    }
  }

  /** Moves the order to the next status. */
  changeStatus(status: OrderStatus): Promise<boolean> {
    return this.send({ status });
  }

  /** Saves the edited fields. */
  save(): Promise<boolean> {
    const spanAllowed = !this.spanProblems.begin && !this.spanProblems.end;
    return this.dirty && spanAllowed ? this.send(this.change) : Promise.resolve(false);
  }

  /** Drops the operator's change and shows the order as it is now. */
  takeTheirs(): void {
    const { conflict } = this.saves;
    if (conflict) {
      this.applySaved(conflict.theirs);
      this.draft = draftOf(conflict.theirs);
      this.saves.conflict = null;
    } else if (this.changedElsewhere) {
      this.order = this.changedElsewhere;
      this.draft = draftOf(this.changedElsewhere);
      this.changedElsewhere = null;
    }
  }

  /** Starts again from the current order with the operator's edits applied on top, to review and save. */
  reapplyMine(): void {
    if (this.saves.conflict) {
      const { theirs, yours } = this.saves.conflict;
      this.applySaved(theirs);
      this.draft = draftWithEdits(theirs, yours);
      this.saves.conflict = null;
    }
  }

  private send(change: OrderPatch): Promise<boolean> {
    const order = this.order;
    if (!order) return Promise.resolve(false);
    return this.saves.send(order, change, (saved) => {
      this.applySaved(saved);
      this.draft = draftOf(saved);
    });
  }

  private applySaved(order: Order): void {
    this.order = order;
    this.list.replaceOrder(order);
  }
}
