import { loadStartupConfig } from './config/startup-config';
import { startManifestRequests } from './federation/early-manifests';

// The configuration, then the manifests of the remotes the first screen mounts, are asked for before the start-up code
// (bootstrap and the shared libraries) has even arrived; the start-up takes the same configuration (loadStartupConfig).
void startManifestRequests(loadStartupConfig(), window.location.pathname);
import('./bootstrap');
