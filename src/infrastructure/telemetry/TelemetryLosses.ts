/**
 * What the console's telemetry lost, counted so that an endpoint that is down, slow or failing shows
 * up as numbers instead of growing memory: records dropped because a bounded queue was full, and
 * records whose export failed.
 */
export class TelemetryLosses {
  droppedSpans = 0;
  failedSpans = 0;
  droppedLogRecords = 0;
  failedLogRecords = 0;
}
