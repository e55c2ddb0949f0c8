import { action, makeObservable, observable } from 'mobx';
import type { Order } from '../../../shared/Order';
import type { OrderPatch } from '../../../shared/OrderPatch';
import { shiftByGrid } from '../model/planning/gridStep';
import type { Notifier } from '../ports/Notifier';
import type { OrdersApi } from '../ports/OrdersApi';
import type { SessionStore } from '../ports/SessionStore';
import { OrderSaving, type OrderConflict } from './OrderSaving';
import type { PendingMove, PlanningBoardStore } from './PlanningBoardStore';

/** What of a bar a drag takes: the whole bar, or the handle at its begin or its end. */
export type BarPart = 'move' | 'begin' | 'end';

/** A step of a bar's move: in time by the grid's step, to the station above or below, or its end. */
export type BarStep = 'earlier' | 'later' | 'stationUp' | 'stationDown' | 'endEarlier' | 'endLater';

/**
 * Moving bars on the planning board: each step changes the move being made (`board.pending`,
 * shown in place of the saved bar), `save` sends it through the detail's save path (`OrderSaving`:
 * PATCH with `If-Match`, the conflict kept to show both sides on a 412), `cancel` drops it. A viewer
 * moves nothing and is told why (`refused`).
 */
export class BarRescheduleStore {
  /** Why the last attempt to move was refused: the role allows no change. */
  refused: 'viewer' | null = null;
  private readonly saving: OrderSaving;

  constructor(
    private readonly board: PlanningBoardStore,
    api: OrdersApi,
    notifier: Notifier,
    private readonly session: SessionStore,
  ) {
    this.saving = new OrderSaving(api, notifier);
    makeObservable(this, { refused: observable, step: action, drag: action, cancel: action, takeTheirs: action, reapplyMine: action, dismissRefusal: action });
  }

  get mayMove(): boolean {
    return this.session.allows('operator');
  }

  get pending(): PendingMove | null {
    return this.board.pending;
  }

  get isSaving(): boolean {
    return this.saving.saving;
  }

  /** A drop that would double-book the vehicle: the question the operator answers before it is saved confirmed. */
  get doubleBooking(): OrderSaving['doubleBooking'] {
    return this.saving.doubleBooking;
  }

  get conflict(): OrderConflict | null {
    return this.saving.conflict;
  }

  /** Moves bar `id` by `step` from where it is being moved to (or from where it is); answers whether it moved. */
  step(id: string, step: BarStep): boolean {
    const order = this.movable(id);
    if (!order) {
      return false;
    }
    const from = this.board.pending?.id === id ? this.board.pending : { id, begin: order.begin, end: order.end, station: order.station };
    const next = this.moved(from, step);
    if (!next) {
      return false;
    }
    this.board.setPending(next);
    return true;
  }

  /**
   * A drag of bar `id` (pointer, mouse or touch): `steps` of the grid from where it is saved, of the
   * whole bar (onto `station`), or of its begin or its end alone; answers whether it is shown so.
   */
  drag(id: string, part: BarPart, steps: number, station?: string): boolean {
    const order = this.movable(id);
    if (!order) {
      return false;
    }
    const scale = this.board.grid.scale;
    const begin = part === 'end' ? order.begin : shiftByGrid(order.begin, scale, steps);
    const end = part === 'begin' ? order.end : shiftByGrid(order.end, scale, steps);
    if (Date.parse(end) <= Date.parse(begin)) {
      return false;
    }
    this.board.setPending({ id, begin, end, station: part === 'move' && station !== undefined ? station : order.station });
    return true;
  }

  /** Saves the move being made, when it changes anything; answers whether it was saved. */
  async save(): Promise<boolean> {
    const pending = this.board.pending;
    const order = pending && this.board.orders.get(pending.id);
    if (!pending || !order) {
      return false;
    }
    const change: OrderPatch = { begin: pending.begin, end: pending.end, station: pending.station };
    if (change.begin === order.begin && change.end === order.end && change.station === order.station) {
      this.cancel();
      return false;
    }
    const saved = await this.saving.send(order, change, (answer) => {
      this.board.noteSaved(answer);
      this.board.setPending(null);
    });
    if (!saved && this.saving.conflict) {
      this.board.setPending(null);
    }
    return saved;
  }

  cancel(): void {
    this.board.setPending(null);
  }

  /** After a conflict: the order as someone else saved it, the move dropped. */
  takeTheirs(): void {
    const conflict = this.saving.conflict;
    if (conflict) {
      this.board.noteSaved(conflict.theirs);
      this.saving.clear();
    }
  }

  /** After a conflict: the order as it is now with the operator's move on top, to review and save again. */
  reapplyMine(): void {
    const conflict = this.saving.conflict;
    if (conflict) {
      const { theirs, yours } = conflict;
      this.board.noteSaved(theirs);
      this.saving.clear();
      this.board.setPending({ id: theirs.id, begin: yours.begin ?? theirs.begin, end: yours.end ?? theirs.end, station: yours.station ?? theirs.station });
    }
  }

  dismissRefusal(): void {
    this.refused = null;
  }

  private moved(from: PendingMove, step: BarStep): PendingMove | null {
    const scale = this.board.grid.scale;
    switch (step) {
      case 'earlier':
      case 'later': {
        const steps = step === 'later' ? 1 : -1;
        return { ...from, begin: shiftByGrid(from.begin, scale, steps), end: shiftByGrid(from.end, scale, steps) };
      }
      case 'endEarlier':
      case 'endLater': {
        const end = shiftByGrid(from.end, scale, step === 'endLater' ? 1 : -1);
        // An order ends after it begins: the end moves no further back than that.
        return Date.parse(end) > Date.parse(from.begin) ? { ...from, end } : null;
      }
      case 'stationUp':
      case 'stationDown': {
        const stations = this.board.rowStations;
        const station = stations[stations.indexOf(from.station) + (step === 'stationDown' ? 1 : -1)];
        return station === undefined ? null : { ...from, station };
      }
    }
  }

  /** Order `id` when it may be moved now: the role allows it (else the refusal is shown) and no save is under way. */
  private movable(id: string): Order | undefined {
    if (!this.mayMove) {
      this.refused = 'viewer';
      return undefined;
    }
    return this.saving.saving ? undefined : this.board.orders.get(id);
  }
}
