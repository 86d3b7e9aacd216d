const { createAppConfig } = require('@varco/webpack-config');

module.exports = createAppConfig({
  dirname: __dirname,
  name: 'mfVisa',
  devPort: 8083,
  // Checked against the contract by src/exposed/contract.ts (the type check fails when they disagree).
  exposes: require('./exposes.json'),
});
