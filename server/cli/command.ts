/** The command line was wrong (an option, a missing argument): its message is printed and the exit code is 2. */
export class UsageError extends Error {}

/** The command refused or failed for a reason it says in a sentence: printed as is, exit code 1. */
export class CommandError extends Error {}

/**
 * Runs a command (`npm run backup`, `npm run restore`) and exits with its outcome: its message on
 * stdout and 0; a UsageError's message and 2; an error of one of the `explained` classes (UsageError
 * and CommandError always are) its message alone and 1; anything else `failure` with the error and 1.
 */
export function runCommand(
  run: Promise<string>,
  {
    failure,
    explained = [],
  }: { failure: string; explained?: ReadonlyArray<abstract new (...args: never[]) => Error> },
): void {
  run.then(
    (message) => {
      console.log(message);
      process.exit(0);
    },
    (err: unknown) => {
      if (err instanceof UsageError) {
        console.error(err.message);
        process.exit(2);
      }
      if (err instanceof CommandError || explained.some((type) => err instanceof type)) {
        console.error((err as Error).message);
      } else {
        console.error(failure, err);
      }
      process.exit(1);
    },
  );
}
