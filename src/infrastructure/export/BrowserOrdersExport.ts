import type { OrderQuery } from '../../../shared/Order';
import type { HttpClient, RequestOptions } from '../../domain/ports/HttpClient';
import type { OrdersExport } from '../../domain/ports/OrdersExport';

const CSV: RequestOptions = { headers: { Accept: 'text/csv' }, responseType: 'blob' };

/**
 * Fetches `/api/orders/export.csv` through the HttpClient (a plain link could not carry the token,
 * and the 401 rule applies as to any call) and hands the file to the browser as a download. Dates
 * are written in the browser's time zone.
 */
export class BrowserOrdersExport implements OrdersExport {
  constructor(
    private readonly http: HttpClient,
    private readonly window: Window,
  ) {}

  async download(query: OrderQuery, fileName: string): Promise<void> {
    const { cursor: _cursor, limit: _limit, ...filter } = query;
    const file = await this.http.get<Blob>('/orders/export.csv', { ...CSV, params: { ...filter, tz: this.timeZone() } });
    this.save(file, fileName);
  }

  async downloadSelection(ids: readonly string[], sort: string, fileName: string): Promise<void> {
    // Up to 1 000 ids do not fit a URL: the selection goes as the body of a POST.
    const file = await this.http.post<Blob>('/orders/export.csv', { ids, sort, tz: this.timeZone() }, CSV);
    this.save(file, fileName);
  }

  private timeZone(): string {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  }

  private save(file: Blob, fileName: string): void {
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
