// This workspace's tests alone, with the root configuration (scripts/jest/workspace-config.cjs).
module.exports = require('../../scripts/jest/workspace-config.cjs')(__dirname);
