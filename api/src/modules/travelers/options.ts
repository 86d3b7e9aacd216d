/** What the travelers' services are built with (routes.ts). */
export interface TravelerServiceOptions {
  /** The portal origin, for the links of the mails. */
  publicBaseUrl: string;
  now?: () => Date;
  /**
   * Called once a traveler's sessions are deleted (password change, account deletion), after the commit: this
   * process's session cache forgets them at once (app.auth.sessionsEnded); the other instances hear it from the
   * database.
   */
  sessionsEnded?: (travelerId: number) => void;
}
