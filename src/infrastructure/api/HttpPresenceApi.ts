import type { PresenceField } from '../../../shared/OrderPresence';
import type { HttpClient } from '../../domain/ports/HttpClient';
import type { PresenceApi } from '../../domain/ports/PresenceApi';

/** PresenceApi over the HttpClient: `PUT`/`DELETE /orders/{id}/presence`. */
export class HttpPresenceApi implements PresenceApi {
  constructor(private readonly http: HttpClient) {}

  async announce(orderId: string, editing: PresenceField | null): Promise<void> {
    await this.http.replace<void>(`/orders/${encodeURIComponent(orderId)}/presence`, { editing });
  }

  async leave(orderId: string): Promise<void> {
    await this.http.delete<void>(`/orders/${encodeURIComponent(orderId)}/presence`);
  }
}
