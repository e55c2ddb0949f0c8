/** Bytes of a base64url text (no padding needed), such as a VAPID public key. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) {
    bytes[index] = binary.charCodeAt(index);
  }
  return bytes;
}

/** Whether two byte sequences are equal (an ArrayBuffer from the browser, bytes of ours). */
export function sameBytes(left: ArrayBuffer | null | undefined, right: Uint8Array): boolean {
  if (!left || left.byteLength !== right.byteLength) {
    return false;
  }
  const bytes = new Uint8Array(left);
  return bytes.every((byte, index) => byte === right[index]);
}
