/**
 * A number of requests allowed on their way at once, shared by everyone who holds the budget. Those
 * waiting for a place get it in the order they asked, so files that share the budget take turns
 * instead of one starving the other.
 */
export class RequestBudget {
  readonly #limit: number;
  #onTheirWay = 0;
  /** Hands a place to a waiting request; a Set keeps the order asked and lets an aborted wait leave it. */
  readonly #waiting = new Set<() => void>();

  constructor(limit: number) {
    this.#limit = limit;
  }

  /**
   * Runs the request once a place is free and frees the place when the request ends. Resolves with
   * the request's result, or with null when the signal aborts before a place was free.
   */
  async run<T>(signal: AbortSignal, request: () => Promise<T>): Promise<T | null> {
    if (!(await this.#take(signal))) return null;
    try {
      return await request();
    } finally {
      this.#free();
    }
  }

  #take(signal: AbortSignal): Promise<boolean> {
    if (signal.aborted) return Promise.resolve(false);
    if (this.#onTheirWay < this.#limit) {
      this.#onTheirWay++;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const hand = () => {
        signal.removeEventListener('abort', giveUp);
        this.#onTheirWay++;
        resolve(true);
      };
      const giveUp = () => {
        this.#waiting.delete(hand);
        resolve(false);
      };
      this.#waiting.add(hand);
      signal.addEventListener('abort', giveUp, { once: true });
    });
  }

  #free(): void {
    this.#onTheirWay--;
    const [next] = this.#waiting;
    if (!next) return;
    this.#waiting.delete(next);
    next();
  }
}
