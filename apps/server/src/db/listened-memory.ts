import type { Listen, Subscription } from './notifications.js';

// A connection can die without a word (a proxy's idle timeout, a partition), and the listener would not know that it
// hears nothing: nothing is answered from memory for longer than this after it was read.
const REMEMBER_MS = 30_000;

interface Remembered<V> {
  value: V;
  readAt: number;
}

/**
 * Rows one server has read, remembered so that the next request costs no query, and kept exact by a notification
 * channel on which every change to them is announced at commit (a trigger). It answers only while that channel is
 * heard: from `listening` until `lost`, so a change it may have missed is never answered from memory; and an entry is
 * read again after REMEMBER_MS whatever. A read that began before a `forget` is not kept, as it may be what was
 * forgotten. Past `capacity` entries, the oldest is forgotten and read again when used.
 */
export class ListenedMemory<K, V> {
  private readonly entries = new Map<K, Remembered<V>>();
  private generation = 0;
  private listening = false;
  private readonly subscription: Subscription;
  private readonly capacity: number;

  /** `notified` forgets what a notification's payload names. */
  constructor(options: {
    listen: Listen;
    channel: string;
    capacity: number;
    notified: (memory: ListenedMemory<K, V>, payload: string) => void;
  }) {
    this.capacity = options.capacity;
    this.subscription = options.listen(options.channel, {
      listening: () => {
        this.forget(() => true);
        this.listening = true;
      },
      lost: () => {
        this.listening = false;
        this.forget(() => true);
      },
      notified: (payload) => options.notified(this, payload),
    });
  }

  /** The value remembered for `key`, if it was read recently enough and `stillGood` (when given) accepts it. */
  recall(key: K, stillGood: (value: V) => boolean = () => true): V | null {
    if (!this.listening) {
      return null;
    }
    const remembered = this.entries.get(key);
    if (!remembered) {
      return null;
    }
    // Wall time, not the application clock: the limit is about how long a silent connection may go unnoticed.
    if (Date.now() - remembered.readAt > REMEMBER_MS || !stillGood(remembered.value)) {
      this.entries.delete(key);
      return null;
    }
    return remembered.value;
  }

  /** Reads through the memory: `read` runs when nothing is remembered, and a found value is kept. */
  async through<R extends V | null>(key: K, read: () => Promise<R>, stillGood?: (value: V) => boolean): Promise<V | R> {
    const known = this.recall(key, stillGood);
    if (known !== null) {
      return known;
    }
    const generation = this.generation;
    const value = await read();
    if (value !== null && this.listening && generation === this.generation) {
      if (this.entries.size >= this.capacity) {
        this.entries.delete(this.entries.keys().next().value!);
      }
      this.entries.set(key, { value, readAt: Date.now() });
    }
    return value;
  }

  forget(which: (value: V, key: K) => boolean): void {
    this.generation += 1;
    for (const [key, { value }] of this.entries) {
      if (which(value, key)) {
        this.entries.delete(key);
      }
    }
  }

  /** Stops hearing the channel (app close). */
  close(): Promise<void> {
    return this.subscription.close();
  }
}
