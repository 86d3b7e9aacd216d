import type { Kysely } from 'kysely';
import type { Database, ExitPointClientKind } from '../../db/types';
import { hashApiKey } from '../../api-keys';
import { createExitPointRepository, type ExitPointClient } from './repository';
import { createClient } from './service';

/**
 * The exit point clients of the demo (SEED_DEMO, refused in production): a kiosk and a customs officer at Milano
 * Malpensa (customs office IT277100) with published API keys, for `npm run kiosk` and the browser tests.
 */
export const DEMO_EXIT_POINT_CLIENTS = [
  { kind: 'KIOSK', name: 'Chiosco Malpensa T1 – varco 1', customsOffice: 'IT277100', apiKey: 'xk_demo_kiosk_malpensa' },
  {
    kind: 'OFFICER',
    name: 'Funzionario doganale Malpensa',
    customsOffice: 'IT277100',
    apiKey: 'xk_demo_officer_malpensa',
  },
] as const satisfies ReadonlyArray<{ kind: ExitPointClientKind; name: string; customsOffice: string; apiKey: string }>;

/** Creates the demo clients that are missing; running it again changes nothing. Returns how many were created. */
export async function seedDemoExitPoint(db: Kysely<Database>): Promise<number> {
  const repository = createExitPointRepository(db);
  let created = 0;
  for (const { apiKey, ...client } of DEMO_EXIT_POINT_CLIENTS) {
    if (await repository.findAnyByKeyHash(hashApiKey(apiKey))) continue;
    await createClient(db, client, apiKey);
    created += 1;
  }
  return created;
}

/** The demo kiosk (the first demo client), revoked or not; undefined until seedDemoExitPoint created it. */
export function findDemoKiosk(
  db: Kysely<Database>,
): Promise<Pick<ExitPointClient, 'id' | 'customs_office'> | undefined> {
  return createExitPointRepository(db).findAnyByKeyHash(hashApiKey(DEMO_EXIT_POINT_CLIENTS[0].apiKey));
}
