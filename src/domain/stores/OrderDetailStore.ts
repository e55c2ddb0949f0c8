import { editSpanProblems } from '../model/editSpanProblems';
import { action, computed, makeObservable, observable, observableRef, observableStruct, runInAction } from 'mobx';
import { isApiError, type ApiError } from '../model/ApiError';
import type { Order } from '../../../shared/Order';
import { isOrder, type OrderEvent } from '../model/OrderEvent';
import type { OrderPatch } from '../../../shared/OrderPatch';
import { changedFields, type EditableOrderField } from '../model/changedFields';
import type { EditedFields } from '../model/UnsavedEdit';
import { nextStatuses, type OrderStatus } from '../../../shared/OrderStatus';
import type { Notifier } from '../ports/Notifier';
import type { OrdersApi } from '../ports/OrdersApi';
import type { OrdersListStore } from './OrdersListStore';

export type DetailState = 'idle' | 'loading' | 'ready' | 'not-found' | 'error';

export type OrderDraft = Pick<Order, EditableOrderField>;

/** Someone else changed the order first: their order as it is now, and the change the operator sent. */
export interface OrderConflict {
  theirs: Order;
  yours: OrderPatch;
}

function draftOf(order: Order): OrderDraft {
  return { notes: order.notes, begin: order.begin, end: order.end, station: order.station };
}

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
  saving = false;
  /** Field errors of the last refused save (422), by field. */
  fieldErrors: Record<string, string> = {};
  conflict: OrderConflict | null = null;
  /**
   * Someone else changed the open order (live stream): the order as it is now. Shown to the
   * operator; without unsaved edits the view already shows these values.
   */
  changedElsewhere: Order | null = null;
  /** Someone else deleted the open order. */
  deletedElsewhere = false;

  private openedId: string | null = null;

  constructor(
    private readonly api: OrdersApi,
    private readonly list: OrdersListStore,
    private readonly notifier: Notifier,
  ) {
    makeObservable(this, {
      order: observableRef,
      draft: observableStruct,
      state: observable,
      errorKey: observable,
      saving: observable,
      fieldErrors: observableRef,
      conflict: observableRef,
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
      this.conflict = null;
      this.changedElsewhere = null;
      this.deletedElsewhere = false;
      this.fieldErrors = {};
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
    this.conflict = null;
    this.changedElsewhere = null;
    this.deletedElsewhere = false;
    this.fieldErrors = {};
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
      const { status: _status, ...fields } = edits;
      this.order = theirs;
      this.draft = { ...draftOf(theirs), ...fields };
    }
    this.changedElsewhere = null;
  }

  edit(field: EditableOrderField, value: string): void {
    if (this.draft) {
      this.draft = { ...this.draft, [field]: value };
      const { [field]: _cleared, ...rest } = this.fieldErrors;
      this.fieldErrors = rest;
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
    this.draft = { ...draftOf(this.order), ...fields };
    this.fieldErrors = {};
    this.conflict = this.order.version === baseVersion ? null : { theirs: this.order, yours: { ...fields } };
  }

  discardChanges(): void {
    if (this.order) {
      this.draft = draftOf(this.order);
      this.fieldErrors = {};
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
    if (this.conflict) {
      this.applySaved(this.conflict.theirs);
      this.draft = draftOf(this.conflict.theirs);
      this.conflict = null;
    } else if (this.changedElsewhere) {
      this.order = this.changedElsewhere;
      this.draft = draftOf(this.changedElsewhere);
      this.changedElsewhere = null;
    }
  }

  /** Starts again from the current order with the operator's edits applied on top, to review and save. */
  reapplyMine(): void {
    if (this.conflict) {
      const { theirs, yours } = this.conflict;
      this.applySaved(theirs);
      const { status: _status, ...edits } = yours;
      this.draft = { ...draftOf(theirs), ...edits };
      this.conflict = null;
    }
  }

  private async send(change: OrderPatch): Promise<boolean> {
    const order = this.order;
    if (!order || this.saving) {
      return false;
    }
    runInAction(() => {
      this.saving = true;
      this.fieldErrors = {};
    });
    try {
      const saved = await this.api.update(order.id, order.version, change);
      runInAction(() => {
        this.applySaved(saved);
        this.draft = draftOf(saved);
      });
      this.notifier.show({ message: 'orderDetail.saved', values: { number: saved.number }, intent: 'success' });
      return true;
    } catch (error) {
      runInAction(() => this.handleFailure(error, change));
      return false;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  private applySaved(order: Order): void {
    this.order = order;
    this.list.replaceOrder(order);
  }

  private handleFailure(error: unknown, change: OrderPatch): void {
    if (!isApiError(error)) {
      this.notifier.show({ message: 'errors.unexpected', intent: 'danger' });
      return;
    }
    const current = (error as ApiError).problem?.current;
    if (error.kind === 'precondition-failed' && isOrder(current)) {
      this.conflict = { theirs: current, yours: change };
      return;
    }
    if (error.kind === 'validation' && error.fieldErrors.length > 0) {
      this.fieldErrors = Object.fromEntries(error.fieldErrors.map((fieldError) => [fieldError.field, fieldError.message]));
      return;
    }
    if (error.kind !== 'unauthorized') {
      this.notifier.show({ title: 'orderDetail.saveFailed', message: error.messageKey, intent: 'danger' });
    }
  }
}
