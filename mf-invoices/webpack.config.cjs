const { createAppConfig } = require('@varco/webpack-config');

module.exports = createAppConfig({
  dirname: __dirname,
  name: 'mfInvoices',
  devPort: 8082,
  // Checked against the contract by src/exposed/contract.ts (the type check fails when they disagree).
  exposes: require('./exposes.json'),
});
