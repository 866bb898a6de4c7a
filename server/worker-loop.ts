// The loop of every background worker (the mail outbox, the lead deliveries, the weekly report): a look, then a
// sleep until the next look is due or a wake-up comes; a failed look is logged and tried again after a pause;
// stop() ends the sleep, waits for the look in progress and, after a grace period, cuts short what is in flight.

export interface WorkerLoopOptions {
  /** One look; resolves with how long to sleep before the next, in ms (0 or less: at once). */
  tick: () => Promise<number>;
  /** A look failed (the worker logs it); the next comes after `retryMs`. */
  failed: (error: unknown) => void;
  retryMs: number;
  /** How long stop() waits for the look in progress before `cutShort`. */
  stopGraceMs: number;
  /** Aborts what is in flight (the worker gives its rows back). */
  cutShort: () => void;
  /** Runs once before the first look; a failure is the worker's to log. */
  prologue?: () => Promise<void>;
}

export class WorkerLoop {
  readonly #options: WorkerLoopOptions;
  readonly #stopping = new AbortController();
  #loop: Promise<void> | undefined;
  #running = false;
  #woken = false;
  #wakeUp: (() => void) | undefined;

  constructor(options: WorkerLoopOptions) {
    this.#options = options;
  }

  get running(): boolean {
    return this.#running;
  }

  /** start() was called (a loop runs once: after stop() it stays stopped). */
  get started(): boolean {
    return this.#loop !== undefined;
  }

  /** Aborted when stop() is called: what waits on the outside world (a probe) can give up at once. */
  get stopSignal(): AbortSignal {
    return this.#stopping.signal;
  }

  /** Starts the loop (once); the promise settles when it has ended. */
  start(): Promise<void> {
    if (!this.#loop) {
      this.#running = true;
      this.#loop = this.#run();
    }
    return this.#loop;
  }

  /** The next look comes now instead of at the end of the current sleep. */
  wake(): void {
    this.#woken = true;
    this.#wakeUp?.();
  }

  async stop(): Promise<void> {
    if (!this.#loop) return;
    this.#running = false;
    this.#stopping.abort();
    this.wake();
    const timer = setTimeout(this.#options.cutShort, this.#options.stopGraceMs);
    try {
      await this.#loop;
    } finally {
      clearTimeout(timer);
    }
  }

  async #run(): Promise<void> {
    const { tick, failed, retryMs, prologue } = this.#options;
    await prologue?.();
    while (this.#running) {
      let wait: number;
      try {
        wait = await tick();
      } catch (error) {
        failed(error);
        wait = retryMs;
      }
      if (!this.#running) break;
      await this.#sleep(wait);
    }
  }

  #sleep(ms: number): Promise<void> {
    if (this.#woken || ms <= 0) {
      this.#woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#wakeUp = undefined;
        this.#woken = false;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#wakeUp = done;
    });
  }
}
