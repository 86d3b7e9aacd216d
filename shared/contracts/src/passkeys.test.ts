import { passkeyAuthenticationResponseSchema } from './passkeys';

const bytes = (count: number) => Buffer.alloc(count, 7).toString('base64url');

/** An assertion as a browser returns it, with a signature of `size` bytes. */
const assertion = (size: number) => ({
  id: 'Y3JlZGVudGlhbA',
  rawId: 'Y3JlZGVudGlhbA',
  type: 'public-key',
  response: { clientDataJSON: bytes(120), authenticatorData: bytes(37), signature: bytes(size) },
  clientExtensionResults: {},
});

describe('a passkey sign-in', () => {
  it.each([
    ['ECDSA P-256', 72],
    ['RSA-2048', 256],
    ['ML-DSA-44', 2420],
    ['ML-DSA-87', 4627],
  ])('takes a signature of %s (%i bytes)', (_algorithm, size) => {
    expect(passkeyAuthenticationResponseSchema.safeParse(assertion(size)).success).toBe(true);
  });

  it('refuses a signature longer than any algorithm makes, on its own path', () => {
    const result = passkeyAuthenticationResponseSchema.safeParse(assertion(8193));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['response.signature']);
  });
});
