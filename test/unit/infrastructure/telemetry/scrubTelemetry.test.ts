import { SpanStatusCode } from '@opentelemetry/api';
import { SeverityNumber } from '@opentelemetry/api-logs';
import { createLogging } from '../../../../src/infrastructure/telemetry/createLogging';
import { createTracing } from '../../../../src/infrastructure/telemetry/createTracing';
import { SafeLogRecordExporter } from '../../../../src/infrastructure/telemetry/SafeLogRecordExporter';
import { SafeSpanExporter } from '../../../../src/infrastructure/telemetry/SafeSpanExporter';
import { scrubAttributes, scrubText } from '../../../../src/infrastructure/telemetry/scrubSecrets';
import { telemetryResource } from '../../../../src/infrastructure/telemetry/telemetryResource';
import { tokenExpiringAt } from '../../support/fakeJwt';
import { SteeredLogExporter, SteeredSpanExporter } from './telemetryFakes';

const jwt = tokenExpiringAt(Date.UTC(2030, 0, 1));

describe('scrubText', () => {
  it.each([
    ['a bearer token', `Bearer ${jwt}`, 'Bearer [redacted]'],
    ['any bearer credential, any case', `authorization: bearer abc.def-ghi`, 'authorization: bearer [redacted]'],
    ['basic credentials', `Basic dXNlcjpodW50ZXIy`, 'Basic [redacted]'],
    ['a JWT anywhere', `token in text ${jwt} here`, 'token in text [redacted] here'],
    ['a token query parameter', 'https://cockpit.example.com/orders?token=abc123&status=new', 'https://cockpit.example.com/orders?token=[redacted]&status=new'],
    ['token fragment parameters', '/login#access_token=abc&id_token=def', '/login#access_token=[redacted]&id_token=[redacted]'],
    ['a password parameter', '/api/x?password=hunter2', '/api/x?password=[redacted]'],
  ])('replaces %s', (_label, text, scrubbed) => {
    expect(scrubText(text)).toBe(scrubbed);
  });

  it('leaves host names, file names and ordinary text alone', () => {
    const text = 'GET https://cockpit.example.com/assets/main.3f9a1c2b7d4e.js?status=new took 12.5 ms';
    expect(scrubText(text)).toBe(text);
  });
});

describe('scrubAttributes', () => {
  it('replaces the value of every secret-sounding key and scrubs the rest, nested maps and lists included', () => {
    expect(
      scrubAttributes({
        'http.request.header.authorization': 'anything',
        Password: 'hunter2',
        'user.token': 'opaque',
        'http.url': '/api/orders?token=abc',
        list: ['ok', `Bearer ${jwt}`],
        nested: { password: 'x', note: jwt },
        count: 3,
      }),
    ).toEqual({
      'http.request.header.authorization': '[redacted]',
      Password: '[redacted]',
      'user.token': '[redacted]',
      'http.url': '/api/orders?token=[redacted]',
      list: ['ok', 'Bearer [redacted]'],
      nested: { password: '[redacted]', note: '[redacted]' },
      count: 3,
    });
  });
});

describe('what is exported carries no token, Authorization header or password', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('spans: name, attributes, events, links and status are scrubbed; the rest stays', async () => {
    const inner = new SteeredSpanExporter();
    const provider = createTracing({
      resource: telemetryResource('2026.11.0', 'test'),
      exporter: new SafeSpanExporter(inner, () => undefined),
      onDropped: () => undefined,
    });
    const tracer = provider.getTracer('test');
    const linked = tracer.startSpan('linked');
    linked.end();
    const span = tracer.startSpan(`GET /api/orders?token=${jwt}`, {
      attributes: {
        'http.url': `https://cockpit.example.com/api/orders?access_token=${jwt}&status=new`,
        'http.request.header.authorization': `Bearer ${jwt}`,
        'form.password': 'hunter2',
        'http.status_code': 200,
      },
      links: [{ context: linked.spanContext(), attributes: { note: `Bearer ${jwt}` } }],
    });
    span.addEvent('retry', { reason: `refused ${jwt}` });
    span.recordException(new Error(`Request with Bearer ${jwt} failed`));
    span.setStatus({ code: SpanStatusCode.ERROR, message: `token ${jwt} expired` });
    span.end();
    await jest.advanceTimersByTimeAsync(1000);

    const exported = inner.records.find((record) => record.name.startsWith('GET'));
    const text = JSON.stringify({ ...exported, resource: undefined });
    expect(text).not.toContain(jwt);
    expect(text).not.toContain('hunter2');
    expect(exported?.name).toBe('GET /api/orders?token=[redacted]');
    expect(exported?.attributes).toEqual({
      'http.url': 'https://cockpit.example.com/api/orders?access_token=[redacted]&status=new',
      'http.request.header.authorization': '[redacted]',
      'form.password': '[redacted]',
      'http.status_code': 200,
    });
    expect(exported?.events.map((event) => event.name)).toEqual(['retry', 'exception']);
    expect(exported?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'token [redacted] expired' });
    expect(exported?.spanContext()).toEqual(span.spanContext());
    expect(exported?.links[0]?.attributes).toEqual({ note: 'Bearer [redacted]' });
  });

  it('log records: body and attributes are scrubbed; severity and the rest stay', async () => {
    const inner = new SteeredLogExporter();
    const provider = createLogging({
      resource: telemetryResource('2026.11.0', 'test'),
      exporter: new SafeLogRecordExporter(inner, () => undefined),
      onDropped: () => undefined,
    });
    provider.getLogger('test').emit({
      severityNumber: SeverityNumber.WARN,
      severityText: 'Warning',
      body: `login answered ${jwt}`,
      attributes: { authorization: `Bearer ${jwt}`, password: 'hunter2', url: '/api/x?token=abc', detail: { value: jwt } },
    });
    await jest.advanceTimersByTimeAsync(5000);

    const [record] = inner.records;
    expect(JSON.stringify({ ...record, resource: undefined })).not.toContain(jwt);
    expect(record?.body).toBe('login answered [redacted]');
    expect(record?.attributes).toEqual({
      authorization: '[redacted]',
      password: '[redacted]',
      url: '/api/x?token=[redacted]',
      detail: { value: '[redacted]' },
    });
    expect(record?.severityNumber).toBe(SeverityNumber.WARN);
    expect(record?.severityText).toBe('Warning');
  });
});
