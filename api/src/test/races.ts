// Rounds of the race tests (two requests, passes or migrators at once on PostgreSQL). Whether the racers overlap at
// the wrong moment is up to the scheduler: one round passes on most broken code, many rounds make a real bug fail.

/** Rounds of a race whose round is a few queries: enough to catch a lost race, still a few seconds a test. */
export const RACE_ROUNDS = 50;

/** Runs `round` `rounds` times one after the other; a failure names its round (the others had passed). */
export async function raceRounds(round: (index: number) => Promise<void>, rounds = RACE_ROUNDS): Promise<void> {
  for (let index = 0; index < rounds; index += 1) {
    try {
      await round(index);
    } catch (error) {
      if (error instanceof Error) error.message = `round ${index + 1} of ${rounds}: ${error.message}`;
      throw error;
    }
  }
}
