import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { OrderColumn } from '../../../shared/OrderColumn';
import type { OrderViewDefinition, SavedView } from '../../../shared/SavedView';
import { viewNameProblem } from '../../../shared/savedViewRules';
import { isApiError } from '../model/ApiError';
import { formFailure, type FormFailure } from '../model/formFailure';
import type { OrderCriteria } from '../model/orderQuery';
import { DEFAULT_VIEW, listOfView, sameView, viewOfList } from '../model/orderView';
import type { Clock } from '../ports/Clock';
import type { Notifier } from '../ports/Notifier';
import type { SavedViewsApi } from '../ports/SavedViewsApi';
import type { OrdersFilterStore } from './OrdersFilterStore';

export type ViewsState = 'idle' | 'loading' | 'ready' | 'error';

/** What is wrong with a view's name as typed. */
export type ViewNameProblem = 'nameRequired' | 'nameTooLong' | 'nameTaken';

/** Where the list's columns come from and go to (OrderColumnsStore). */
export interface ColumnChoice {
  readonly columns: readonly OrderColumn[];
  set(columns: unknown): boolean;
}

const byName = (a: SavedView, b: SavedView) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/**
 * The operator's saved views of the orders list, kept per user on the server so they follow the
 * operator to another browser: the list's days (a preset such as "this week" moves on with the
 * calendar), status, search, stations, services, price range, sort and columns under a name. A view
 * is opened (`apply`), saved from what the list shows, renamed, saved again with what the list shows
 * now, and deleted. The days and columns are the stores' to set; the criteria live in the URL, so
 * `apply` hands them back for the page to put there.
 */
export class SavedViewsStore {
  views: readonly SavedView[] = [];
  state: ViewsState = 'idle';
  /** A change of a view is under way. */
  busy = false;

  private reading: Promise<void> | null = null;

  constructor(
    private readonly api: SavedViewsApi,
    private readonly filter: OrdersFilterStore,
    private readonly columns: ColumnChoice,
    private readonly clock: Clock,
    private readonly notifier: Notifier,
  ) {
    makeObservable(this, { views: observableRef, state: observable, busy: observable, apply: action });
  }

  /** Reads the views again; a read under way is joined. What was read before stays meanwhile. */
  load(): Promise<void> {
    this.reading ??= this.read().finally(() => (this.reading = null));
    return this.reading;
  }

  /** The view of what the list shows now with `criteria`. */
  current(criteria: OrderCriteria): OrderViewDefinition {
    return viewOfList({ range: this.filter.range, criteria, columns: this.columns.columns }, this.now());
  }

  /** The saved view the list shows now, 'default' for the default view, or null. */
  shown(criteria: OrderCriteria): SavedView | 'default' | null {
    const current = this.current(criteria);
    if (sameView(current, DEFAULT_VIEW)) return 'default';
    return this.views.find((view) => sameView(view, current)) ?? null;
  }

  /** Shows `view`: sets the days and columns, and answers the criteria for the URL. */
  apply(view: OrderViewDefinition): OrderCriteria {
    const list = listOfView(view, this.now());
    this.filter.setRange(list.range);
    this.columns.set(list.columns);
    return list.criteria;
  }

  /** What is wrong with `name` for a view (other than the one `renaming`), by the backend's rules; null when nothing. */
  nameProblem(name: string, renaming?: string): ViewNameProblem | null {
    const problem = viewNameProblem(name);
    if (problem) return problem.rule === 'blank' ? 'nameRequired' : 'nameTooLong';
    // As the backend compares them (`lower(name)`).
    const lower = name.trim().toLowerCase();
    return this.views.some((view) => view.id !== renaming && view.name.toLowerCase() === lower) ? 'nameTaken' : null;
  }

  /** Saves what the list shows under `name`; null when saved, else what to show at the name (or for the form). */
  save(name: string, criteria: OrderCriteria): Promise<FormFailure<'name'> | null> {
    return this.write(() => this.api.create({ name: name.trim(), ...this.current(criteria) }));
  }

  rename(id: string, name: string): Promise<FormFailure<'name'> | null> {
    return this.write(() => this.api.change(id, { name: name.trim() }));
  }

  /** Saves what the list shows now into the view `id`, under its name. */
  async redefine(id: string, criteria: OrderCriteria): Promise<boolean> {
    const failure = await this.write(() => this.api.change(id, this.current(criteria)));
    this.tell(failure);
    return failure === null;
  }

  async remove(id: string): Promise<boolean> {
    runInAction(() => (this.busy = true));
    try {
      await this.api.remove(id);
      runInAction(() => (this.views = this.views.filter((view) => view.id !== id)));
      return true;
    } catch (error) {
      if (isApiError(error) && error.kind === 'not-found') {
        // Deleted elsewhere already: what the operator wanted.
        runInAction(() => (this.views = this.views.filter((view) => view.id !== id)));
        return true;
      }
      this.tell(formFailure(error, () => undefined));
      return false;
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  private async read(): Promise<void> {
    runInAction(() => (this.state = this.state === 'ready' ? 'ready' : 'loading'));
    try {
      const views = await this.api.list();
      runInAction(() => {
        this.views = [...views].sort(byName);
        this.state = 'ready';
      });
    } catch {
      runInAction(() => (this.state = this.state === 'ready' ? 'ready' : 'error'));
    }
  }

  /** Sends a created or changed view and puts the answer into the list. */
  private async write(send: () => Promise<SavedView>): Promise<FormFailure<'name'> | null> {
    runInAction(() => (this.busy = true));
    try {
      const saved = await send();
      runInAction(() => (this.views = [...this.views.filter((view) => view.id !== saved.id), saved].sort(byName)));
      return null;
    } catch (error) {
      return formFailure<'name'>(error, (field) => (field === 'name' ? 'name' : undefined));
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  /** A failure of a change that has no form: a toast (nothing for an ended session). */
  private tell(failure: FormFailure<'name'> | null): void {
    // A refused field (a name taken meanwhile) has the backend's words, not a key: the general one tells it.
    const message = failure && (failure.errorKey ?? (Object.keys(failure.fieldErrors).length > 0 ? 'errors.validation' : null));
    if (message) {
      this.notifier.show({ title: 'views.changeFailed', message, intent: 'danger' });
    }
  }

  private now(): Date {
    return new Date(this.clock.now());
  }
}
