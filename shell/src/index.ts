import { startRuntimeConfigRequest } from './config/config-request';
import { startManifestRequests } from './federation/early-manifests';

// The configuration, then the manifests of the remotes the first screen mounts, are asked for before the start-up code
// (bootstrap and the shared libraries) has even arrived.
void startManifestRequests(startRuntimeConfigRequest(), window.location.pathname);
import('./bootstrap');
