/**
 * Pages are rendered at build time as a first visit sees them: nothing stored. Node has no localStorage, and the
 * stores read theirs as they load, so this module, imported first by src/prerender.tsx, gives them an empty one.
 */
class EmptyStorage implements Storage {
  readonly #items = new Map<string, string>();

  get length(): number {
    return this.#items.size;
  }

  clear(): void {
    this.#items.clear();
  }

  getItem(key: string): string | null {
    return this.#items.get(key) ?? null;
  }

  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }

  removeItem(key: string): void {
    this.#items.delete(key);
  }

  setItem(key: string, value: string): void {
    this.#items.set(key, String(value));
  }
}

globalThis.localStorage ??= new EmptyStorage();
