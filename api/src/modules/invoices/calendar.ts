/** The agency's calendar lives in @varco/contracts, shared with the browsers; the api's modules import it from here. */
export { addDays, daysBetween, exitDeadline, firstIssueDayWithinDeadline, isIsoDay, romeToday } from '@varco/contracts';
