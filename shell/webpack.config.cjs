// The shell's build: the shared app configuration, plus the shell's own pieces (./webpack/, one module each).
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { createAppConfig } = require('@varco/webpack-config');
const {
  MirroredEntryStylesheet,
  WholeDesignSystem,
  designSystemName,
  unusedCss,
} = require('./webpack/design-system.cjs');
const { InlineEntryStylesheet } = require('./webpack/inline-entry-stylesheet.cjs');
const { LanguageFonts } = require('./webpack/language-fonts.cjs');
const { LanguagePageStyles } = require('./webpack/language-pages.cjs');
const { pagePlugins, prerenderConfig } = require('./webpack/prerender.cjs');
const { OwnPagesTextFirst } = require('./webpack/own-pages-text-first.cjs');
const { EmitPublicFiles } = require('./webpack/public-files.cjs');
const { serviceWorker } = require('./webpack/service-worker.cjs');

const shellConfig = createAppConfig({ dirname: __dirname, name: 'shell', devPort: 8080, host: true });

module.exports = (env, argv) => {
  const config = shellConfig(env, argv);
  const production = config.mode === 'production';
  // The shared configuration's one page gives way to the shell's pages, with the same options.
  const stock = config.plugins.findIndex((plugin) => plugin instanceof HtmlWebpackPlugin);
  const { template, favicon, publicPath, scriptLoading } = config.plugins[stock].userOptions;
  config.plugins.splice(stock, 1, ...pagePlugins({ template, favicon, publicPath, scriptLoading }, production));
  config.plugins.push(
    new EmitPublicFiles(),
    new WholeDesignSystem(designSystemName()),
    new MirroredEntryStylesheet(),
    new LanguageFonts(),
    new LanguagePageStyles(),
    new OwnPagesTextFirst(),
  );
  if (!production) return config;
  config.plugins.push(unusedCss(), new InlineEntryStylesheet(), serviceWorker());
  return [prerenderConfig(config), { ...config, name: 'shell', dependencies: ['prerender'] }];
};
