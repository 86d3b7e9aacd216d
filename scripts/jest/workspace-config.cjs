// The jest configuration of one workspace: the root one (same transforms, environment and setup), limited to that
// workspace's folder, so that a team runs its own tests alone (`npm test --workspace @varco/mf-visa`).
const path = require('node:path');
const root = require('../../jest.config.cjs');

/** @param {string} workspaceDir the workspace's folder (its jest.config.cjs passes __dirname) */
module.exports = function workspaceJestConfig(workspaceDir) {
  return { ...root, rootDir: path.resolve(__dirname, '../..'), roots: [workspaceDir] };
};
