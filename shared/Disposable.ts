/** Something that holds a subscription or a resource until `dispose()` is called. */
export interface Disposable {
  dispose(): void;
}

/** One disposable for many: disposes them in reverse order of adding. */
export class DisposableCollection implements Disposable {
  private readonly items: Disposable[] = [];

  add(item: Disposable | (() => void)): void {
    this.items.push(typeof item === 'function' ? { dispose: item } : item);
  }

  dispose(): void {
    while (this.items.length > 0) {
      this.items.pop()?.dispose();
    }
  }
}
