/** The page asks a waiting service worker to take over (the traveler clicked Reload on the update banner). */
export const SKIP_WAITING = 'varco:skip-waiting';
