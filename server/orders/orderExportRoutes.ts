import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { principalOf } from '../auth/authentication';
import { requestLocale } from '../http/locale';
import { CSV_BOM, csvHeader, csvRow, CsvDateFormat } from './orderCsv';
import {
  orderExportCriteria,
  type OrderExportCriteria,
  type OrderExportQuery,
  type OrderSelectionExport,
  orderSelectionExportCriteria,
} from './orderListQuery';
import type { OrderRepository } from './OrderRepository';

/** Rows read from the database per query while exporting. */
export const EXPORT_BATCH_SIZE = 1000;

export interface OrderExportDeps {
  orders: OrderRepository;
  clock: () => Date;
}

/**
 * The CSV of the orders `criteria` names, streamed in batches as they are read: a byte order mark
 * and the header in the request's language, a row per order in the order of the sort, dates in the
 * criteria's zone, and a file name dated in that zone.
 */
async function sendCsv(request: FastifyRequest, reply: FastifyReply, deps: OrderExportDeps, criteria: OrderExportCriteria): Promise<FastifyReply> {
  const locale = requestLocale(request);
  const dates = new CsvDateFormat(criteria.timeZone);
  const batches = deps.orders.batches(criteria.filter, criteria.sort, EXPORT_BATCH_SIZE);
  // The first batch is read before the answer starts, so that a failing database is still a problem answer.
  const first = await batches.next();
  async function* chunks(): AsyncGenerator<string> {
    try {
      yield CSV_BOM + csvHeader(locale);
      let batch = first;
      while (!batch.done) {
        yield batch.value.map((record) => csvRow(record, locale, dates)).join('');
        batch = await batches.next();
      }
    } finally {
      // Also when the client goes away: no further batch is read.
      await batches.return(undefined);
    }
  }
  const stream = Readable.from(chunks(), { objectMode: false });
  stream.on('error', (error) => request.log.error({ err: error }, 'order export failed'));
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="orders-${dates.isoDate(deps.clock())}.csv"`)
    .header('cache-control', 'no-store')
    .send(stream);
}

/**
 * The CSV export, for any signed-in role (one piece writes both):
 * - `GET /api/orders/export.csv`: every order of the list's filter, in its sort.
 * - `POST /api/orders/export.csv` with `{ ids, sort?, tz? }`: the chosen orders that are the tenant's
 *   (another tenant's or an unknown id is left out, never told apart), in the sort given.
 */
export function registerOrderExportRoutes(app: FastifyInstance, deps: OrderExportDeps): void {
  app.get<{ Querystring: OrderExportQuery }>('/api/orders/export.csv', async (request, reply) =>
    sendCsv(request, reply, deps, orderExportCriteria(principalOf(request).tenantId, request.query, requestLocale(request))),
  );

  app.post<{ Body: OrderSelectionExport }>('/api/orders/export.csv', async (request, reply) =>
    sendCsv(request, reply, deps, orderSelectionExportCriteria(principalOf(request).tenantId, request.body, requestLocale(request))),
  );
}
