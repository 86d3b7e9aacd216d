import { readRuleMessage } from './account-rules';
import {
  departureOf,
  EMPTY_TRAVEL,
  travelDetailsSchema,
  travelFactIssues,
  travelFactsOf,
  travelIssues,
  travelValuesOf,
  type TravelValues,
} from './travel-details';

const now = new Date('2025-01-15T09:42:00Z');
const byAir: TravelValues = {
  ...EMPTY_TRAVEL,
  transportType: 'AE',
  documentType: 'PASSPORT',
  documentNumber: 'YA1234567',
  destinationCountry: 'US',
  flightNumber: 'AZ 610',
  destinationAirport: 'JFK',
  departureDate: '2025-01-20',
  hour: '10',
  minutes: '30',
};

describe('travel details', () => {
  it('reads a request body as the form values: the departure instant as a wall time in Rome, a bare day as no departure', () => {
    const body = {
      transportType: 'AE',
      crewMember: false,
      travelDate: '2025-01-20T09:30:00.000Z',
      travelDocType: 'PASSPORT',
      travelDocNumber: 'YA1234567',
      destinationCountry: 'US',
      destinationFreeZone: null,
      flightNumber: 'AZ 610',
      destinationAirport: 'JFK',
    };
    expect(travelValuesOf(body)).toEqual(byAir);
    expect(travelValuesOf({ ...body, travelDate: '2025-01-20' })).toMatchObject({
      departureDate: '',
      hour: '',
      minutes: '',
    });
    expect(travelValuesOf({ ...body, travelDate: '2025-02-30T09:30:00Z' })).toMatchObject({ departureDate: '' });
  });

  it('wants a flight and an airport by air, and a document unless the traveler is crew', () => {
    expect(travelIssues(byAir, { now })).toEqual({});
    expect(travelIssues({ ...byAir, flightNumber: '', destinationAirport: '', documentNumber: '' }, { now })).toEqual({
      flightNumber: { code: 'empty' },
      destinationAirport: { code: 'required' },
      documentNumber: { code: 'empty' },
    });
    expect(travelIssues({ ...byAir, crewMember: true, documentType: '', documentNumber: '' }, { now })).toEqual({});
  });

  it('wants no crew flag nor document for a private vehicle, and neither flight nor airport', () => {
    expect(
      travelIssues(
        {
          ...byAir,
          transportType: 'MP',
          documentType: '',
          documentNumber: '',
          flightNumber: '',
          destinationAirport: '',
        },
        { now },
      ),
    ).toEqual({});
  });

  it('refuses a departure in the past in Rome, or after the exit deadline', () => {
    expect(travelIssues({ ...byAir, departureDate: '2025-01-15', hour: '10', minutes: '40' }, { now })).toEqual({
      minutes: { code: 'futureDate' },
    });
    expect(travelIssues({ ...byAir, departureDate: '3000-01-01' }, { now })).toEqual({
      departureDate: { code: 'date' },
    });
    expect(travelIssues(byAir, { now, exitDeadline: { day: '2025-01-19', invoiceNumber: 'FT-1' } })).toEqual({
      departureDate: { code: 'afterDeadline', day: '2025-01-19', invoiceNumber: 'FT-1' },
    });
  });

  it('puts each issue on its field as a schema', () => {
    const result = travelDetailsSchema(() => ({ now })).safeParse({ ...byAir, flightNumber: '12345678' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), readRuleMessage(issue.message)])).toEqual([
      ['flightNumber', { code: 'flightNumber' }],
    ]);
  });

  it('takes the departure as its instant and day in Rome, the form converting its texts once', () => {
    const instant = new Date('2025-01-20T09:30:00.000Z');
    expect(departureOf('2025-01-20T09:30:00.000Z')).toEqual({ day: '2025-01-20', instant });
    // 23:30 UTC is already the next day in Rome.
    expect(departureOf('2025-01-20T23:30:00Z').day).toBe('2025-01-21');
    expect(departureOf('2025-01-20')).toEqual({ day: '', instant: null });
    expect(travelFactsOf(byAir).departure).toEqual(departureOf('2025-01-20T09:30:00.000Z'));
    expect(travelFactsOf({ ...byAir, minutes: '' }).departure).toEqual({ day: '2025-01-20', instant: null });

    const { departure: _departure, ...travel } = travelFactsOf(byAir);
    const issuesAt = (date: string) => travelFactIssues({ ...travel, departure: departureOf(date) }, { now });
    expect(issuesAt('2025-01-20T09:30:00Z')).toEqual({});
    expect(issuesAt('2025-01-15T09:41:59Z')).toEqual({ minutes: { code: 'futureDate' } });
    expect(issuesAt('2025-01-15T09:42:59Z')).toEqual({});
    expect(issuesAt('2025-01-20')).toEqual({ departureDate: { code: 'required' } });
  });
});
