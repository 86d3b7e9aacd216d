import { firstScreenCallAt, firstScreenCallsOf } from './first-screen-calls';

const latest = { path: 'v1/private/visa/list', searchParams: { page: 0, limit: 4 }, language: true };

describe('firstScreenCallsOf', () => {
  it('gives the calls declared for the exposed modules asked for', () => {
    const declared = { LatestVisas: [latest], AddVisaButton: [{ path: 'v1/private/invoices/usable', language: true }] };
    expect(firstScreenCallsOf(declared, ['LatestVisas'])).toEqual([latest]);
    expect(firstScreenCallsOf(declared, ['LatestVisas', 'AddVisaButton'])).toHaveLength(2);
    expect(firstScreenCallsOf(declared, ['routes'])).toEqual([]);
  });

  it('ignores what a manifest should not declare: other hosts, parent paths, queries, odd parameters', () => {
    const declared = {
      LatestVisas: [
        { path: 'https://elsewhere.example/steal' },
        { path: '//elsewhere.example/steal' },
        { path: 'v1/../../admin' },
        { path: 'v1/private/visa/list?limit=1000' },
        { path: 'v1/private/visa/list', searchParams: { limit: { $gt: 1 } } },
        { path: 'v1/private/visa/list', searchParams: { limit: Number.NaN } },
        { path: 'v1/private/visa/list', language: 'yes' },
        'v1/private/visa/list',
        null,
        latest,
      ],
    };
    expect(firstScreenCallsOf(declared, ['LatestVisas'])).toEqual([latest]);
  });

  it('gives nothing for a manifest without declarations, and at most eight calls', () => {
    expect(firstScreenCallsOf(undefined, ['LatestVisas'])).toEqual([]);
    expect(firstScreenCallsOf({ LatestVisas: latest }, ['LatestVisas'])).toEqual([]);
    expect(firstScreenCallsOf({ LatestVisas: Array.from({ length: 20 }, () => latest) }, ['LatestVisas'])).toHaveLength(
      8,
    );
  });
});

describe('firstScreenCallAt', () => {
  const detail = { route: ':id', path: 'v1/private/visa/{id}', language: true };

  it("gives a widget's call as it is, and a page's call only on its route, with its parameters", () => {
    expect(firstScreenCallAt(latest, undefined)).toEqual(latest);
    expect(firstScreenCallAt(latest, '12')).toEqual(latest);
    expect(firstScreenCallAt(detail, '12')).toEqual({ path: 'v1/private/visa/12', language: true });
    expect(firstScreenCallAt(detail, '/12/')).toEqual({ path: 'v1/private/visa/12', language: true });
    expect(firstScreenCallAt({ route: 'update/:id', path: 'v1/private/visa/{id}' }, 'update/7')).toEqual({
      path: 'v1/private/visa/7',
    });
  });

  it('gives nothing for another route, a parameter that is not an id, a path left with a parameter', () => {
    expect(firstScreenCallAt(detail, undefined)).toBeUndefined();
    expect(firstScreenCallAt(detail, '')).toBeUndefined();
    expect(firstScreenCallAt(detail, 'create')).toBeUndefined();
    expect(firstScreenCallAt(detail, 'update/7')).toBeUndefined();
    for (const id of ['0', '-1', '1e3', '1.5', '12345678901', '..', '%2e%2e', '12\u0000'])
      expect(firstScreenCallAt(detail, id)).toBeUndefined();
    expect(firstScreenCallAt({ route: ':id', path: 'v1/private/visa/{other}' }, '12')).toBeUndefined();
  });

  it('keeps declarations with a route and parameters, and refuses a widget path with braces', () => {
    expect(firstScreenCallsOf({ routes: [detail] }, ['routes'])).toEqual([detail]);
    expect(
      firstScreenCallsOf({ routes: [{ path: 'v1/private/visa/{id}' }, { route: '../x', path: 'v1/x' }] }, ['routes']),
    ).toEqual([]);
  });
});
