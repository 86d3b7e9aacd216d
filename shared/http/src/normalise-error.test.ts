import { isNotFound, networkError, serverDetail } from './normalise-error';

const answered = (status: number, detail: string) => ({ status, detail, extra: {}, type: 'http-error' as const });

describe('what a failed call says (docs/calls.md)', () => {
  it('is "not found" only when the api answered 404', () => {
    expect(isNotFound(answered(404, 'Not Found'))).toBe(true);
    expect(isNotFound(answered(500, ''))).toBe(false);
    expect(isNotFound(networkError())).toBe(false);
    expect(isNotFound(null)).toBe(false);
  });

  it("gives the server's detail only when the server answered", () => {
    expect(serverDetail(answered(409, 'The release document is being prepared.'))).toBe(
      'The release document is being prepared.',
    );
    expect(serverDetail(networkError())).toBe('');
    expect(serverDetail({ status: 200, detail: 'name: expected string', extra: {}, type: 'invalid-response' })).toBe(
      '',
    );
    expect(serverDetail(new Error('boom'))).toBe('');
  });
});
