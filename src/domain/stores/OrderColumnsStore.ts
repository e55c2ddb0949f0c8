import { action, computed, makeObservable, observableRef } from 'mobx';
import { DEFAULT_ORDER_COLUMNS, isColumnChoice, isOrderColumn, ORDER_COLUMNS, type OrderColumn } from '../../../shared/OrderColumn';
import type { Disposable } from '../../../shared/Disposable';
import type { StatePersistence } from '../ports/StatePersistence';

/** The slice of `cockpit.state` this store owns: `{ columns: [column, …] }`. */
export const ORDER_COLUMNS_SLICE = 'orderColumns';

/**
 * The columns the orders grid shows, in their order, as the operator chose them (show, hide,
 * move), kept across reloads. At least one column is always shown. A saved view brings its own
 * choice (`set`).
 */
export class OrderColumnsStore implements Disposable {
  /** The columns shown, in their order; a new array at every change (never changed in place). */
  columns: readonly OrderColumn[] = DEFAULT_ORDER_COLUMNS;

  private persisted: Disposable | null = null;
  private disposed = false;

  constructor(private readonly persistence: StatePersistence) {
    makeObservable<OrderColumnsStore, 'sanitize'>(this, {
      columns: observableRef,
      hidden: computed,
      isDefault: computed,
      show: action,
      hide: action,
      move: action,
      reset: action,
      set: action,
      sanitize: action,
    });
  }

  /** The columns not shown, in their usual order. */
  get hidden(): OrderColumn[] {
    return ORDER_COLUMNS.filter((column) => !this.columns.includes(column));
  }

  /** Whether the columns are the default ones in their default order. */
  get isDefault(): boolean {
    return sameColumns(this.columns, DEFAULT_ORDER_COLUMNS);
  }

  isShown(column: OrderColumn): boolean {
    return this.columns.includes(column);
  }

  /** Whether `column` may be hidden: it is shown and is not the last one shown. */
  canHide(column: OrderColumn): boolean {
    return this.columns.length > 1 && this.columns.includes(column);
  }

  /**
   * Shows `column` where it usually stands: after the shown columns that come before it in
   * `ORDER_COLUMNS` (so the service, shown again, comes back beside the station).
   */
  show(column: OrderColumn): void {
    if (this.columns.includes(column)) {
      return;
    }
    const before = ORDER_COLUMNS.slice(0, ORDER_COLUMNS.indexOf(column));
    let at = 0;
    this.columns.forEach((shown, index) => {
      if (before.includes(shown)) {
        at = index + 1;
      }
    });
    this.columns = [...this.columns.slice(0, at), column, ...this.columns.slice(at)];
  }

  /** Hides `column`; never the last one shown (false then, as for a column not shown). */
  hide(column: OrderColumn): boolean {
    if (!this.canHide(column)) {
      return false;
    }
    this.columns = this.columns.filter((shown) => shown !== column);
    return true;
  }

  /** Moves a shown column to `toIndex` among the shown ones (clamped to the ends). */
  move(column: OrderColumn, toIndex: number): void {
    const from = this.columns.indexOf(column);
    const to = Math.min(Math.max(Math.trunc(toIndex), 0), this.columns.length - 1);
    if (from < 0 || from === to || Number.isNaN(to)) {
      return;
    }
    const rest = this.columns.filter((shown) => shown !== column);
    this.columns = [...rest.slice(0, to), column, ...rest.slice(to)];
  }

  /** Moves a shown column one place towards the start (left in the grid). */
  moveUp(column: OrderColumn): void {
    this.move(column, this.columns.indexOf(column) - 1);
  }

  /** Moves a shown column one place towards the end (right in the grid). */
  moveDown(column: OrderColumn): void {
    this.move(column, this.columns.indexOf(column) + 1);
  }

  /** The default columns in their default order. */
  reset(): void {
    if (!this.isDefault) {
      this.columns = DEFAULT_ORDER_COLUMNS;
    }
  }

  /**
   * Takes a whole choice (a saved view's columns): only an `isColumnChoice` (at least one column,
   * each known and at most once); anything else is refused (false) and changes nothing.
   */
  set(columns: unknown): boolean {
    if (!isColumnChoice(columns)) {
      return false;
    }
    if (!sameColumns(this.columns, columns)) {
      this.columns = [...columns];
    }
    return true;
  }

  /** Reads the stored choice back and keeps writing it (`cockpit.state`, slice `orderColumns`). */
  async restore(): Promise<void> {
    this.persisted?.dispose();
    const persisted = await this.persistence.persist(this, ORDER_COLUMNS_SLICE, ['columns']);
    if (this.disposed) {
      persisted.dispose();
      return;
    }
    this.persisted = persisted;
    this.sanitize();
  }

  /** Restores the stored choice as the console starts (its `ConsoleContribution`). */
  start(): void {
    void this.restore();
  }

  dispose(): void {
    this.disposed = true;
    this.persisted?.dispose();
    this.persisted = null;
  }

  /** What came back from storage: unknown and repeated columns dropped; nothing left (or no list) gives the default. */
  private sanitize(): void {
    const stored: unknown = this.columns;
    const known = Array.isArray(stored) ? stored.filter((column, index) => isOrderColumn(column) && stored.indexOf(column) === index) : [];
    if (!isColumnChoice(known)) {
      this.columns = DEFAULT_ORDER_COLUMNS;
    } else if (!Array.isArray(stored) || known.length !== stored.length) {
      this.columns = known;
    }
  }
}

function sameColumns(a: readonly OrderColumn[], b: readonly OrderColumn[]): boolean {
  return a.length === b.length && a.every((column, index) => column === b[index]);
}
