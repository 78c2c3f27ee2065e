type RoundsOptions<T> = {
  /** One round of the work: claims what is due now and hands it on. */
  round: () => Promise<T>;
  /** How often each process runs a round once started. */
  pollMs: number;
  log: { warn(obj: object, msg: string): void };
  /** What is logged when a round fails (the next round tries again). */
  failed: string;
};

/**
 * Work done in rounds by every process (the sessions' and the drills' reminders, notification mail):
 * a round every `pollMs` once started, and one at the start; what a round claims, it claims with a
 * conditional statement, so that one process sends it. In this process, one round at a time: `run()`
 * runs a round now, or else right after the one under way (the calls that come meanwhile share that
 * next round), and answers with its result. A round that fails is logged and its callers get the error;
 * the timer's next round tries again. `stop()` ends the timer and waits for the rounds begun or waiting.
 */
export function rounds<T>({ round, pollMs, log, failed }: RoundsOptions<T>) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  /** The round under way, and the one after it that calls made meanwhile wait for. */
  let running: Promise<T> | undefined;
  let next: Promise<T> | undefined;

  function begin(): Promise<T> {
    const current = round();
    running = current;
    current
      .catch((err: unknown) => log.warn({ err }, failed))
      .finally(() => {
        if (running === current) running = undefined;
      });
    return current;
  }

  /** A round now, or after the one under way (shared by the calls made meanwhile): its result. */
  function run(): Promise<T> {
    if (!running) return begin();
    next ??= running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        next = undefined;
        return begin();
      });
    return next;
  }

  return {
    run,
    /** stop() was called: nothing new should be scheduled. */
    get stopped() {
      return stopped;
    },
    /** A round every `pollMs` in this process, and one now. */
    start() {
      if (timer || stopped) return;
      timer = setInterval(() => void run().catch(() => {}), pollMs);
      timer.unref();
      void run().catch(() => {});
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.allSettled([running, next]);
    },
  };
}
