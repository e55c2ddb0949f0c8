import { TelemetryDecodeError } from './TelemetryDecodeError';

/**
 * The protobuf wire format, as far as OTLP uses it: a message is a sequence of fields, each a tag
 * (field number and wire type, as a varint) and a value. Groups (wire types 3 and 4) are not used by
 * proto3 and are refused, as are truncated values, over-long varints and field number 0.
 */
export const WireType = { varint: 0, fixed64: 1, lengthDelimited: 2, fixed32: 5 } as const;
export type WireType = (typeof WireType)[keyof typeof WireType];

/** One field of a message. Fixed-width and length-delimited values are views into the message, not copies. */
export type ProtobufField =
  | { number: number; wireType: typeof WireType.varint; value: number }
  | { number: number; wireType: typeof WireType.fixed64 | typeof WireType.fixed32 | typeof WireType.lengthDelimited; value: Uint8Array };

const MAX_FIELD_NUMBER = 2 ** 29 - 1;
const MAX_VARINT_BYTES = 10;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Reads one message's fields in order; it walks nothing nested until asked to (`messageOf`). */
export class ProtobufReader {
  private position = 0;

  constructor(private readonly bytes: Uint8Array) {}

  get atEnd(): boolean {
    return this.position >= this.bytes.length;
  }

  /** The next field; throws `TelemetryDecodeError` for anything malformed. */
  readField(): ProtobufField {
    const tag = this.readVarint();
    const number = Math.floor(tag / 8);
    const wireType = tag % 8;
    if (number < 1 || number > MAX_FIELD_NUMBER) {
      throw new TelemetryDecodeError(`invalid field number ${number} at byte ${this.position}`);
    }
    switch (wireType) {
      case WireType.varint:
        return { number, wireType, value: this.readVarint() };
      case WireType.fixed64:
        return { number, wireType, value: this.take(8) };
      case WireType.fixed32:
        return { number, wireType, value: this.take(4) };
      case WireType.lengthDelimited:
        return { number, wireType, value: this.take(this.readVarint()) };
      default:
        throw new TelemetryDecodeError(`unsupported wire type ${wireType} of field ${number}`);
    }
  }

  /**
   * An unsigned varint of up to 64 bits. Numbers are exact up to 2^53, which covers every value the
   * summaries read (lengths, enums); beyond that they are approximated, never refused.
   */
  private readVarint(): number {
    let value = 0;
    for (let index = 0; index < MAX_VARINT_BYTES; index++) {
      if (this.position >= this.bytes.length) {
        throw new TelemetryDecodeError('truncated varint');
      }
      const byte = this.bytes[this.position++] ?? 0;
      if (index === MAX_VARINT_BYTES - 1 && byte > 1) {
        throw new TelemetryDecodeError('varint longer than 64 bits');
      }
      value += (byte & 0x7f) * 2 ** (7 * index);
      if (byte < 0x80) {
        return value;
      }
    }
    throw new TelemetryDecodeError('varint longer than 10 bytes');
  }

  private take(length: number): Uint8Array {
    const end = this.position + length;
    if (end > this.bytes.length) {
      throw new TelemetryDecodeError(`value of ${length} bytes runs past the end of its message`);
    }
    const value = this.bytes.subarray(this.position, end);
    this.position = end;
    return value;
  }
}

/** Every field of the message in `bytes`, in order. */
export function* protobufFields(bytes: Uint8Array): Generator<ProtobufField> {
  const reader = new ProtobufReader(bytes);
  while (!reader.atEnd) {
    yield reader.readField();
  }
}

function lengthDelimited(field: ProtobufField, what: string): Uint8Array {
  if (field.wireType !== WireType.lengthDelimited) {
    throw new TelemetryDecodeError(`field ${field.number} (${what}) has wire type ${field.wireType}, expected ${WireType.lengthDelimited}`);
  }
  return field.value;
}

/** The fields of an embedded message. */
export function messageOf(field: ProtobufField): Generator<ProtobufField> {
  return protobufFields(lengthDelimited(field, 'message'));
}

/** A string field's text; invalid UTF-8 is refused, as proto3 requires. */
export function stringOf(field: ProtobufField): string {
  const bytes = lengthDelimited(field, 'string');
  try {
    return utf8.decode(bytes);
  } catch {
    throw new TelemetryDecodeError(`field ${field.number} is not valid UTF-8`);
  }
}

/** A varint field's value (an integer or enum). */
export function varintOf(field: ProtobufField): number {
  if (field.wireType !== WireType.varint) {
    throw new TelemetryDecodeError(`field ${field.number} (varint) has wire type ${field.wireType}, expected ${WireType.varint}`);
  }
  return field.value;
}
