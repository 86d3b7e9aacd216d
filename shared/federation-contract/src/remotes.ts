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
  'mfVisa/routes': RoutesProps;
  'mfVisa/LatestVisas': WidgetProps;
  'mfVisa/AddVisaButton': WidgetProps;
  'mfNotifications/routes': RoutesProps;
  'mfNotifications/Bell': WidgetProps;
}
export type ExposedModuleId = keyof ExposedModules;

/** What a remote module's code is: a default export rendering a component with the typed props. */
export interface RemoteModule<Id extends ExposedModuleId> {
  default: ComponentType<ExposedModules[Id]>;
}

/** The name a remote's build exposes a module under (`./routes`), for each module of one remote in the contract. */
type ExposeKeyOf<R extends RemoteName, Id> = Id extends `${R}/${infer Module}` ? `./${Module}` : never;

/**
 * What a remote's build must expose: exactly its modules of `ExposedModules`, each with a default export that takes
 * their props. Each remote checks its `exposes.json` and its exposed files against it (`src/exposed/contract.ts`), so
 * a build that disagrees with the contract fails its own type check.
 */
export type RemoteImplementation<R extends RemoteName> = {
  [Id in ExposedModuleId as ExposeKeyOf<R, Id>]: RemoteModule<Id>;
};

/** True when the two unions name the same members; a check file assigns `true` to it, which fails to compile otherwise. */
export type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** True when a remote's exposes (its exposes.json, which webpack builds) name exactly its modules of the contract. */
export type ExposesMatchContract<Exposes, R extends RemoteName> = SameKeys<
  keyof Exposes,
  keyof RemoteImplementation<R>
>;

/** The modules each remote exposes, at run time: the shell checks a remote's published list against it. */
export const CONTRACT_EXPOSES = {
  mfAuth: ['routes'],
  mfInvoices: ['routes', 'LatestInvoices'],
  mfVisa: ['routes', 'LatestVisas', 'AddVisaButton'],
  mfNotifications: ['routes', 'Bell'],
} as const satisfies Record<RemoteName, readonly string[]>;
// The list above and `ExposedModules` name the same modules (this line fails to compile otherwise).
const exposesListed: SameKeys<
  { [R in RemoteName]: `${R}/${(typeof CONTRACT_EXPOSES)[R][number]}` }[RemoteName],
  ExposedModuleId
> = true;
void exposesListed;

export function remoteOf(id: ExposedModuleId): RemoteName {
  return id.split('/')[0] as RemoteName;
}

export type Guard = 'public-only' | 'protected';

/** Where the shell mounts each remote's routes (docs/screens.md); paths end with a splat the remote owns. */
export const REMOTE_MOUNTS: ReadonlyArray<
  | { path: string; guard: Guard; module: 'mfAuth/routes'; props: AuthRoutesProps }
  | { path: string; guard: Guard; module: Exclude<ExposedModuleId, 'mfAuth/routes'>; props: RoutesProps }
> = [
  { path: '/sign-up/*', guard: 'public-only', module: 'mfAuth/routes', props: { section: 'sign-up' } },
  { path: '/sign-in/*', guard: 'public-only', module: 'mfAuth/routes', props: { section: 'sign-in' } },
  {
    path: '/recover-password/*',
    guard: 'public-only',
    module: 'mfAuth/routes',
    props: { section: 'recover-password' },
  },
  { path: '/change-password/*', guard: 'public-only', module: 'mfAuth/routes', props: { section: 'change-password' } },
  { path: '/protected/edit-user/*', guard: 'protected', module: 'mfAuth/routes', props: { section: 'edit-user' } },
  { path: '/protected/invoice/*', guard: 'protected', module: 'mfInvoices/routes', props: {} },
  { path: '/protected/visa/*', guard: 'protected', module: 'mfVisa/routes', props: {} },
  { path: '/protected/notifications/*', guard: 'protected', module: 'mfNotifications/routes', props: {} },
];
