// The demo module's face (api/README.md, "Modules"): the demo data of a fresh installation.
export { DEMO_MERCHANTS, demoTravelerCopy, seedDemo } from './seed';
