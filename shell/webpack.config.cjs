const { createAppConfig } = require('@varco/webpack-config');

module.exports = createAppConfig({ dirname: __dirname, name: 'shell', devPort: 8080, host: true });
