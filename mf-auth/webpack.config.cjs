const { createAppConfig } = require('@varco/webpack-config');

module.exports = createAppConfig({
  dirname: __dirname,
  name: 'mfAuth',
  devPort: 8081,
  // Checked against the contract by src/exposed/contract.ts (the type check fails when they disagree).
  exposes: require('./exposes.json'),
});
