import { TEST_CONFIG } from '../testing/test-config';
import { readRuntimeConfig, RuntimeConfigError } from './runtime-config';

const answer = (body: unknown, status = 200) => jest.fn(async () => new Response(JSON.stringify(body), { status }));

describe('readRuntimeConfig', () => {
  it('reads /config.json without the HTTP cache and returns it validated', async () => {
    const fetchImpl = answer(TEST_CONFIG);
    await expect(readRuntimeConfig(fetchImpl)).resolves.toEqual(TEST_CONFIG);
    expect(fetchImpl).toHaveBeenCalledWith('/config.json', { cache: 'no-store' });
  });

  it('fails with the list of what is wrong', async () => {
    await expect(readRuntimeConfig(answer({ ...TEST_CONFIG, remotes: { mfAuth: 'nope' } }))).rejects.toThrow(
      /remotes\.mfAuth.*remotes\.mfInvoices/,
    );
  });

  it('fails clearly when the file is missing, is not JSON or cannot be fetched', async () => {
    await expect(readRuntimeConfig(answer({}, 404))).rejects.toThrow('/config.json answered 404');
    await expect(readRuntimeConfig(async () => new Response('not json'))).rejects.toThrow(
      new RegExp('^/config.json could not be read'),
    );
    await expect(readRuntimeConfig(() => Promise.reject(new TypeError('Failed to fetch')))).rejects.toBeInstanceOf(
      RuntimeConfigError,
    );
  });
});
