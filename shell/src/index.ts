import 'bootstrap-italia/dist/css/bootstrap-italia.min.css';
import './fonts.css';
import './styles.css';
import { reloadInRememberedLanguage } from './config/remembered-language';
import { loadStartupConfig } from './config/startup-config';
import { startManifestRequests } from './federation/early-manifests';

// The stylesheets are the entry's, so that the page's HTML (rendered at build time) is styled from its first paint.
if (!reloadInRememberedLanguage()) {
  // The configuration, then the manifests of the remotes the first screen mounts, are asked for before the start-up
  // code (bootstrap and the shared libraries) has even arrived; the start-up takes the same configuration.
  void startManifestRequests(loadStartupConfig(), window.location.pathname);
  import('./bootstrap');
}
