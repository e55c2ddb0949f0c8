/** Polls `probe` until it returns something truthy (or `timeoutMs` passes) and returns that. */
export async function eventually<T>(probe: () => T | Promise<T>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value || Date.now() > deadline) {
      return value;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
