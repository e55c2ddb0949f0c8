import { action, computed, makeObservable, observable, observableRef } from 'mobx';
import { DEFAULT_ORDER_COLUMNS, isColumnChoice, isOrderColumn, ORDER_COLUMNS, type OrderColumn } from '../../../shared/OrderColumn';
import type { Disposable } from '../../../shared/Disposable';
import type { ScreenWidth } from '../ports/ScreenWidth';
import type { StatePersistence } from '../ports/StatePersistence';
import { NARROW_ORDER_COLUMNS, type ColumnsNarrowed } from '../model/narrowColumns';

/** The slice of `cockpit.state` this store owns: `{ columns: [column, …] }`. */
export const ORDER_COLUMNS_SLICE = 'orderColumns';

/**
 * The columns the orders grid shows, in their order, as the operator chose them (show, hide,
 * move), kept across reloads. At least one column is always shown. A saved view brings its own
 * choice (`set`).
 *
 * On a tablet or a phone (`ScreenWidth`) the grid shows fewer columns by default
 * (`NARROW_ORDER_COLUMNS`); the operator's own choice, where there is one (`chosen`), wins at every
 * width. What the grid shows now is `shown`; `columns` is the choice (the desk's default when none).
 */
export class OrderColumnsStore implements Disposable {
  /** The operator's columns, in their order (the desk's default when there is no choice); a new array at every change. */
  columns: readonly OrderColumn[] = DEFAULT_ORDER_COLUMNS;
  /**
   * Whether `columns` is the operator's choice rather than the default; kept with it (a slice from
   * before there was this flag is a choice when its columns are not the desk's default).
   */
  chosen = false;

  private persisted: Disposable | null = null;
  private disposed = false;

  constructor(
    private readonly persistence: StatePersistence,
    private readonly screen: ScreenWidth = { current: 'wide' },
  ) {
    makeObservable<OrderColumnsStore, 'sanitize' | 'take'>(this, {
      columns: observableRef,
      chosen: observable,
      shown: computed,
      narrowed: computed,
      hidden: computed,
      isDefault: computed,
      take: action,
      show: action,
      hide: action,
      move: action,
      reset: action,
      set: action,
      sanitize: action,
    });
  }

  /** The columns the grid shows now, in their order: the operator's choice, or the default of the window's width. */
  get shown(): readonly OrderColumn[] {
    return this.chosen || this.screen.current === 'wide' ? this.columns : NARROW_ORDER_COLUMNS;
  }

  /** Why fewer columns show than on the desk, when they do: the window is a tablet's or a phone's and the operator chose none. */
  get narrowed(): ColumnsNarrowed | null {
    return this.shown === NARROW_ORDER_COLUMNS && this.screen.current !== 'wide' ? this.screen.current : null;
  }

  /** The columns not shown, in their usual order. */
  get hidden(): OrderColumn[] {
    return ORDER_COLUMNS.filter((column) => !this.shown.includes(column));
  }

  /** Whether the columns shown are the default of the window's width, in their default order (no choice). */
  get isDefault(): boolean {
    return !this.chosen;
  }

  isShown(column: OrderColumn): boolean {
    return this.shown.includes(column);
  }

  /** Whether `column` may be hidden: it is shown and is not the last one shown. */
  canHide(column: OrderColumn): boolean {
    return this.shown.length > 1 && this.shown.includes(column);
  }

  /**
   * Shows `column` where it usually stands: after the shown columns that come before it in
   * `ORDER_COLUMNS` (so the service, shown again, comes back beside the station).
   */
  show(column: OrderColumn): void {
    const columns = this.shown;
    if (columns.includes(column)) {
      return;
    }
    const before = ORDER_COLUMNS.slice(0, ORDER_COLUMNS.indexOf(column));
    let at = 0;
    columns.forEach((shown, index) => {
      if (before.includes(shown)) {
        at = index + 1;
      }
    });
    this.take([...columns.slice(0, at), column, ...columns.slice(at)]);
  }

  /** Hides `column`; never the last one shown (false then, as for a column not shown). */
  hide(column: OrderColumn): boolean {
    if (!this.canHide(column)) {
      return false;
    }
    this.take(this.shown.filter((shown) => shown !== column));
    return true;
  }

  /** Moves a shown column to `toIndex` among the shown ones (clamped to the ends). */
  move(column: OrderColumn, toIndex: number): void {
    const columns = this.shown;
    const from = columns.indexOf(column);
    const to = Math.min(Math.max(Math.trunc(toIndex), 0), columns.length - 1);
    if (from < 0 || from === to || Number.isNaN(to)) {
      return;
    }
    const rest = columns.filter((shown) => shown !== column);
    this.take([...rest.slice(0, to), column, ...rest.slice(to)]);
  }

  /** Moves a shown column one place towards the start (left in the grid). */
  moveUp(column: OrderColumn): void {
    this.move(column, this.shown.indexOf(column) - 1);
  }

  /** Moves a shown column one place towards the end (right in the grid). */
  moveDown(column: OrderColumn): void {
    this.move(column, this.shown.indexOf(column) + 1);
  }

  /** The default columns in their default order (of the window's width: no choice). */
  reset(): void {
    if (this.chosen || !sameColumns(this.columns, DEFAULT_ORDER_COLUMNS)) {
      this.columns = DEFAULT_ORDER_COLUMNS;
      this.chosen = false;
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
    // A view with the desk's default columns (the default view) chooses none: each width shows its own.
    this.chosen = !sameColumns(columns, DEFAULT_ORDER_COLUMNS);
    return true;
  }

  /**
   * The operator's change, made on what is shown: a choice from now on, unless it gives the default
   * of the window's width back.
   */
  private take(columns: readonly OrderColumn[]): void {
    const widthDefault = this.screen.current === 'wide' ? DEFAULT_ORDER_COLUMNS : NARROW_ORDER_COLUMNS;
    if (sameColumns(columns, widthDefault)) {
      this.columns = DEFAULT_ORDER_COLUMNS;
      this.chosen = false;
    } else {
      this.columns = columns;
      this.chosen = true;
    }
  }

  /** Reads the stored choice back and keeps writing it (`cockpit.state`, slice `orderColumns`). */
  async restore(): Promise<void> {
    this.persisted?.dispose();
    const persisted = await this.persistence.persist(this, ORDER_COLUMNS_SLICE, ['columns', 'chosen']);
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
    const chosen: unknown = this.chosen;
    // No flag (a slice from before it), or one that contradicts the columns: the columns tell.
    if (typeof chosen !== 'boolean' || (!chosen && !sameColumns(this.columns, DEFAULT_ORDER_COLUMNS))) {
      this.chosen = !sameColumns(this.columns, DEFAULT_ORDER_COLUMNS);
    }
  }
}

function sameColumns(a: readonly OrderColumn[], b: readonly OrderColumn[]): boolean {
  return a.length === b.length && a.every((column, index) => column === b[index]);
}
