import { TEST_CONFIG } from '../test-config';
import { loadRuntimeConfig } from './runtime-config';

const answer = (body: unknown, status = 200) => jest.fn(async () => new Response(JSON.stringify(body), { status }));

describe('loadRuntimeConfig', () => {
  it('reads /config.json without the HTTP cache and returns it validated', async () => {
    const fetchImpl = answer(TEST_CONFIG);
    await expect(loadRuntimeConfig(fetchImpl)).resolves.toEqual(TEST_CONFIG);
    expect(fetchImpl).toHaveBeenCalledWith('/config.json', { cache: 'no-store' });
  });

  it('fails with the list of what is wrong', async () => {
    await expect(loadRuntimeConfig(answer({ ...TEST_CONFIG, remotes: { mfAuth: 'nope' } }))).rejects.toThrow(/remotes\.mfAuth.*remotes\.mfInvoices/);
  });

  it('fails clearly when the file is missing', async () => {
    await expect(loadRuntimeConfig(answer({}, 404))).rejects.toThrow('/config.json answered 404');
  });
});
