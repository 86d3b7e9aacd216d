// The exit-point module's face (api/README.md, "Modules"): the calls of the EU exit point's systems.
export { exitPointRoutes, type ExitPointRoutesOptions } from './routes';
export { createClient } from './service';
export { findDemoKiosk, seedDemoExitPoint } from './demo';
// The shapes the OpenAPI document names (src/openapi/components.ts).
export { exitPointRequestSchema, exitPointViewSchema } from './schemas';
