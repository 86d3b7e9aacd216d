// The health module's face (api/README.md, "Modules"): the probes.
export { healthRoutes } from './routes';
