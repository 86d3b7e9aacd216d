import type { BeaconApp, BeaconPage } from '@varco/contracts/plain';
import { remoteOf, type ExposedModuleId } from '@varco/federation-contract';
import { mountAt, type RemoteMount } from '../lib/mount-at';

/** A page of the report: its id from the closed list, and the app that draws it. */
export interface ReportedPage {
  page: BeaconPage;
  app: BeaconApp;
}

/** The shell's own pages, by address. */
const SHELL_PAGES: Readonly<Record<string, BeaconPage>> = {
  '/': 'welcome',
  '/howto': 'howto',
  '/protected': 'home',
  '/server-error': 'server-error',
};

/** The page of each remote mounted once (mf-auth is mounted per section, and its section is the page). */
const ROUTES_PAGES: Partial<Record<ExposedModuleId, BeaconPage>> = {
  'mfInvoices/routes': 'invoices',
  'mfVisa/routes': 'visas',
  'mfNotifications/routes': 'notifications',
};

function pageOfMount(mount: RemoteMount): BeaconPage | undefined {
  return mount.module === 'mfAuth/routes' ? mount.props.section : ROUTES_PAGES[mount.module];
}

/**
 * The page an address shows and the app that draws it, or undefined for an address the portal sends elsewhere. Only
 * the route counts: an invoice's number or a query never reaches the report.
 */
export function pageOf(pathname: string): ReportedPage | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  const own = SHELL_PAGES[path];
  if (own) return { page: own, app: 'shell' };
  const mount = mountAt(path);
  const page = mount && pageOfMount(mount);
  return mount && page ? { page, app: remoteOf(mount.module) } : undefined;
}
