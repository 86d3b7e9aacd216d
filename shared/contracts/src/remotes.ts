import type { ComponentType } from 'react';
import type { RemoteName } from './runtime-config';

/** The sections of mf-auth that the shell mounts, each under its own path. */
export type AuthSection = 'sign-up' | 'sign-in' | 'recover-password' | 'change-password' | 'edit-user';

export interface AuthRoutesProps {
  section: AuthSection;
}
/** Remotes whose routes module is mounted once, under one prefix, take no props. */
export type RoutesProps = Record<string, never>;
export type WidgetProps = Record<string, never>;

/** Every module a remote exposes, with the props of its default export. The shell's loader is typed by this map. */
export interface ExposedModules {
  'mfAuth/routes': AuthRoutesProps;
  'mfInvoices/routes': RoutesProps;
  'mfInvoices/LatestInvoices': WidgetProps;
  'mfInvoices/InvoiceStatusLegend': WidgetProps;
  'mfVisa/routes': RoutesProps;
  'mfVisa/LatestVisas': WidgetProps;
  'mfVisa/AddVisaButton': WidgetProps;
  'mfVisa/VisaStatusLegend': WidgetProps;
  'mfNotifications/routes': RoutesProps;
  'mfNotifications/Bell': WidgetProps;
}
export type ExposedModuleId = keyof ExposedModules;

/** What a remote module's code is: a default export rendering a component with the typed props. */
export interface RemoteModule<Id extends ExposedModuleId> {
  default: ComponentType<ExposedModules[Id]>;
}

export function remoteOf(id: ExposedModuleId): RemoteName {
  return id.split('/')[0] as RemoteName;
}

export type Guard = 'public-only' | 'protected';

/** Where the shell mounts each remote's routes (SPEC §2); paths end with a splat the remote owns. */
export const REMOTE_MOUNTS: ReadonlyArray<{ path: string; guard: Guard; module: 'mfAuth/routes'; props: AuthRoutesProps } | { path: string; guard: Guard; module: Exclude<ExposedModuleId, 'mfAuth/routes'>; props: RoutesProps }> = [
  { path: '/sign-up/*', guard: 'public-only', module: 'mfAuth/routes', props: { section: 'sign-up' } },
  { path: '/sign-in/*', guard: 'public-only', module: 'mfAuth/routes', props: { section: 'sign-in' } },
  { path: '/recover-password/*', guard: 'public-only', module: 'mfAuth/routes', props: { section: 'recover-password' } },
  { path: '/change-password/*', guard: 'public-only', module: 'mfAuth/routes', props: { section: 'change-password' } },
  { path: '/protected/edit-user/*', guard: 'protected', module: 'mfAuth/routes', props: { section: 'edit-user' } },
  { path: '/protected/invoice/*', guard: 'protected', module: 'mfInvoices/routes', props: {} },
  { path: '/protected/visa/*', guard: 'protected', module: 'mfVisa/routes', props: {} },
  { path: '/protected/notifications/*', guard: 'protected', module: 'mfNotifications/routes', props: {} },
];
