import { action, makeObservable, observable, type ObservableMap } from 'mobx';
import type { Order } from '../../../shared/Order';

/**
 * The orders the planning board holds, by station and id: each station's orders are observable on
 * their own, so that a change re-lays only the rows of the stations it touches. An order is only
 * replaced by a newer version of itself: a page read before a live change arrives after it without
 * undoing it, and one deleted stays deleted.
 */
export class PlanningOrders {
  private readonly byStation = observable.map<string, ObservableMap<string, Order>>({}, { deep: false });
  private readonly stationOf = new Map<string, string>();
  /** The newest version seen of each order, held or let go (a deletion counts as the newest of all). */
  private readonly latest = new Map<string, number>();

  constructor() {
    makeObservable(this, { put: action, take: action, remove: action, clear: action });
  }

  /** How many orders are held. */
  get size(): number {
    return this.stationOf.size;
  }

  /** The orders of `station` (observed: a change of them makes the caller run again). */
  ofStation(station: string): Iterable<Order> {
    return this.byStation.get(station)?.values() ?? [];
  }

  /** The stations that hold orders now (observed). */
  stations(): string[] {
    return [...this.byStation.keys()];
  }

  get(id: string): Order | undefined {
    const station = this.stationOf.get(id);
    return station === undefined ? undefined : this.byStation.get(station)?.get(id);
  }

  /** Holds `order` unless this or a newer version of it was seen already; answers whether it did. */
  take(order: Order): boolean {
    if ((this.latest.get(order.id) ?? 0) >= order.version) {
      return false;
    }
    this.put(order);
    return true;
  }

  /** Holds `order` as it is now, replacing any version of it. */
  put(order: Order): void {
    this.remove(order.id, order.version);
    let station = this.byStation.get(order.station);
    if (!station) {
      station = observable.map<string, Order>({}, { deep: false });
      this.byStation.set(order.station, station);
    }
    station.set(order.id, order);
    this.stationOf.set(order.id, order.station);
  }

  /**
   * Lets go of order `id`, seen at `version` (a change that takes it out of the board; infinity for a
   * deletion), so that a page read before does not bring an older version back.
   */
  remove(id: string, version: number): void {
    this.latest.set(id, Math.max(this.latest.get(id) ?? 0, version));
    const station = this.stationOf.get(id);
    if (station === undefined) {
      return;
    }
    this.stationOf.delete(id);
    const orders = this.byStation.get(station);
    orders?.delete(id);
    if (orders?.size === 0) {
      this.byStation.delete(station);
    }
  }

  clear(): void {
    this.byStation.clear();
    this.stationOf.clear();
    this.latest.clear();
  }
}
