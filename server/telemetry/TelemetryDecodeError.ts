/** A telemetry body that cannot be decoded: malformed protobuf or JSON, or a shape OTLP does not have. */
export class TelemetryDecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TelemetryDecodeError';
  }
}
