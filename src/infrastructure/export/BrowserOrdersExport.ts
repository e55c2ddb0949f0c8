import type { OrderQuery } from '../../../shared/Order';
import type { HttpClient } from '../../domain/ports/HttpClient';
import type { OrdersExport } from '../../domain/ports/OrdersExport';

/**
 * Fetches `/api/orders/export.csv` through the HttpClient (a plain link could not carry the token,
 * and the 401 rule applies as to any call) and hands the file to the browser as a download.
 */
export class BrowserOrdersExport implements OrdersExport {
  constructor(
    private readonly http: HttpClient,
    private readonly window: Window,
  ) {}

  async download(query: OrderQuery, fileName: string): Promise<void> {
    const { cursor: _cursor, limit: _limit, ...filter } = query;
    const file = await this.http.get<Blob>('/orders/export.csv', {
      params: { ...filter, tz: Intl.DateTimeFormat().resolvedOptions().timeZone },
      headers: { Accept: 'text/csv' },
      responseType: 'blob',
    });
    const url = URL.createObjectURL(file);
    const link = this.window.document.createElement('a');
    link.href = url;
    link.download = fileName;
    this.window.document.body.append(link);
    link.click();
    link.remove();
    this.window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
