/** The abort handles of in-flight requests, by request id. Kept out of the store: not serialisable. */
export class RequestRegistry {
  readonly #controllers = new Map<string, AbortController>();

  register(requestId: string, controller: AbortController): void {
    this.#controllers.set(requestId, controller);
  }

  unregister(requestId: string): void {
    this.#controllers.delete(requestId);
  }

  abort(requestId: string): boolean {
    const controller = this.#controllers.get(requestId);
    controller?.abort();
    return controller !== undefined;
  }

  abortAll(): number {
    const count = this.#controllers.size;
    for (const controller of this.#controllers.values()) controller.abort();
    return count;
  }
}
