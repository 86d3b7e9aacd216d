// The captcha module's face (api/README.md, "Modules").
export { captchaRoutes } from './routes';
export { verifyCaptcha } from './service';
