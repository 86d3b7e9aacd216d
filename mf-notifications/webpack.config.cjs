const { createAppConfig } = require('@varco/webpack-config');

module.exports = createAppConfig({
  dirname: __dirname,
  name: 'mfNotifications',
  devPort: 8084,
  exposes: {
    './routes': './src/exposed/routes.tsx',
    './Bell': './src/exposed/bell.tsx',
  },
});
